package pipeline

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkBuildSummarizeOverflow is a knob change with summarize
// overflow on: every document the budget leaves out is offered as a
// covering synopsis of its sentences, for a query.
func BenchmarkBuildSummarizeOverflow(b *testing.B) {
	for _, n := range []int{60, 1000} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			docs := benchDocs(n)
			for i := range docs {
				// Sentences of twelve words, as an article has.
				words := strings.Fields(docs[i].Content)
				for w := 11; w < len(words); w += 12 {
					words[w] += "."
				}
				docs[i].Content = strings.Join(words, " ")
			}
			a := Analyze(docs)
			opts := DefaultOptions()
			opts.SummarizeOverflow, opts.Budget, opts.Query = true, 1500, "refund to the original payment method"
			if _, err := Build(a, opts); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				opts.DedupThreshold = 0.80 + float64(i%10)/100
				if _, err := Build(a, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
