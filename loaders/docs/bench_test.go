package docs

import (
	"fmt"
	"strings"
	"testing"
)

// benchInput builds n records in the given format, each a short paragraph,
// the size of a typical retrieved chunk.
func benchInput(format string, n int) []byte {
	var b strings.Builder
	text := strings.Repeat("Retrieval chunk text about resetting passwords and billing cycles. ", 8)
	switch format {
	case FormatJSONL:
		for i := range n {
			fmt.Fprintf(&b, `{"content": %q, "score": 0.%03d, "source": "kb/article-%d.md", "metadata": {"section": %d}}`+"\n", text, i%1000, i, i)
		}
	case FormatCSV:
		b.WriteString("content,score,source,section\n")
		for i := range n {
			fmt.Fprintf(&b, "\"%s\",0.%03d,kb/article-%d.md,%d\n", text, i%1000, i, i)
		}
	case FormatYAML:
		for i := range n {
			fmt.Fprintf(&b, "- content: %q\n  score: 0.%03d\n  source: kb/article-%d.md\n", text, i%1000, i)
		}
	}
	return []byte(b.String())
}

func BenchmarkParseDocuments(b *testing.B) {
	for _, format := range []string{FormatJSONL, FormatCSV, FormatYAML} {
		data := benchInput(format, 10_000)
		b.Run(fmt.Sprintf("%s/10k", format), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, _, err := Parse("bench", data, FormatAuto); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
