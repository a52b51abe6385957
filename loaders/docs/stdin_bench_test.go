package docs

import (
	"bytes"
	"strings"
	"testing"
)

// BenchmarkStdinDocuments loads documents from a reader that is not a
// file, as a pipe is read: many small records, and one record of 16 MB.
// B/op is what reading them allocates.
func BenchmarkStdinDocuments(b *testing.B) {
	inputs := map[string]string{
		"records=20000": manyRecords(20_000, ""),
		"one=16MB":      `{"content": "` + strings.Repeat("word ", 16<<20/5) + `", "score": 0.5}` + "\n",
	}
	for name, text := range inputs {
		data := []byte(text)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for range b.N {
				docs, _, err := Load("-", bytes.NewReader(data), Options{})
				if err != nil || len(docs) == 0 {
					b.Fatalf("%d documents, %v", len(docs), err)
				}
			}
		})
	}
}
