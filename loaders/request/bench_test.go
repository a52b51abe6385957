package request

import (
	"os"
	"path/filepath"
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

// BenchmarkParseRequest imports the largest corpus cassette (47 kB of
// YAML, 21 tool definitions), the cost of opening a request in the
// workbench.
func BenchmarkParseRequest(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(loadertest.CorpusDir, filepath.FromSlash(complexCassette)))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse("cassette.yaml", data, Options{Interaction: 3}); err != nil {
			b.Fatal(err)
		}
	}
}
