package docs

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkLoadRecordsFile loads 5,000 records of 2 KB of random words
// from a file, as YAML and as JSON Lines: the same documents, so the
// two loaders' time and allocation compare directly.
func BenchmarkLoadRecordsFile(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 50))
	var yamlText, jsonl strings.Builder
	for i := range 5_000 {
		var words []string
		for n := 0; n < 2_000; {
			w := make([]byte, 3+rng.IntN(7))
			for j := range w {
				w[j] = byte('a' + rng.IntN(26))
			}
			words = append(words, string(w))
			n += len(w) + 1
		}
		text := strings.Join(words, " ")
		fmt.Fprintf(&yamlText, "- content: %s\n  score: 0.%03d\n  source: doc-%d\n", text, i%1000, i)
		fmt.Fprintf(&jsonl, "{\"content\": %q, \"score\": 0.%03d, \"source\": \"doc-%d\"}\n", text, i%1000, i)
	}
	dir := b.TempDir()
	for _, f := range []struct{ name, text string }{{"docs.yaml", yamlText.String()}, {"docs.jsonl", jsonl.String()}} {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, []byte(f.text), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(f.text)))
			b.ReportAllocs()
			for b.Loop() {
				docs, _, err := Load(path, nil, Options{})
				if err != nil || len(docs) != 5_000 {
					b.Fatal(len(docs), err)
				}
			}
		})
	}
}
