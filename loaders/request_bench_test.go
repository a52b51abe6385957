package loaders

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkParseRequest imports the largest corpus cassette (47 kB of
// YAML, 21 tool definitions), the cost of opening a request in the
// workbench.
func BenchmarkParseRequest(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpusDir, filepath.FromSlash(complexCassette)))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseRequest("cassette.yaml", data, RequestOptions{Interaction: 3}); err != nil {
			b.Fatal(err)
		}
	}
}
