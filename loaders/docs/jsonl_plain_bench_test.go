package docs

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkPlainLineEscaped decodes 10,000 records whose text has the
// escapes of a real export (newlines, quotes, HTML-escaped angle
// brackets), as Debian's copyright files exported as JSON Lines have.
func BenchmarkPlainLineEscaped(b *testing.B) {
	text := strings.Repeat("Files: *\nCopyright: 1995 Ian Murdock <imurdock@debian.org>\n  \"GPL-2+\" applies.\n", 6)
	var lines [][]byte
	size := 0
	for i := range 10_000 {
		content, _ := json.Marshal(text)
		line := fmt.Appendf(nil, `{"content":%s,"score":0.%03d,"source":"/usr/share/doc/p%d/copyright"}`, content, i%1000, i)
		lines = append(lines, line)
		size += len(line)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, line := range lines {
			if _, ok := plainLine(line); !ok {
				b.Fatal("declined")
			}
		}
	}
}
