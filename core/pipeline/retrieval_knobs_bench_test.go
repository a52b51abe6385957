package pipeline

import (
	"fmt"
	"testing"
)

// BenchmarkBuildRetrievalKnobs is a knob change with every retrieval knob
// on: a minimum score, top-k and dedup by URL, whose keys each Build
// canonicalises afresh (10,000 URLs, one in ten a copy under another
// spelling).
func BenchmarkBuildRetrievalKnobs(b *testing.B) {
	docs := benchDocs(10000)
	for i := range docs {
		docs[i].Source = fmt.Sprintf("https://www.example.com/kb/article-%d/?utm_source=rag", i)
		if i%10 == 9 {
			docs[i].Source = fmt.Sprintf("http://example.com/kb/article-%d#top", i-1)
		}
	}
	a := Analyze(docs)
	opts := DefaultOptions()
	opts.MinScore, opts.MinScoreSet, opts.TopK, opts.DedupKey = 0.2, true, 20, DedupKeyURL
	if _, err := Build(a, opts); err != nil { // warm the caches
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		opts.DedupThreshold = 0.80 + float64(i%10)/100
		if _, err := Build(a, opts); err != nil {
			b.Fatal(err)
		}
	}
}
