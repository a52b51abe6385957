package pipeline

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// boilerplateDocs is issue 9's worst case for candidate generation: n
// documents of the same 200 words plus a number of their own, so one
// shingle is in every document and each has one shingle of its own.
func boilerplateDocs(n int) []value.Document {
	words := strings.Repeat("word ", 200)
	docs := make([]value.Document, n)
	for i := range docs {
		docs[i] = value.Document{Content: words + strconv.Itoa(i), Score: 0.5, Source: "d" + strconv.Itoa(i)}
	}
	return docs
}

// BenchmarkDedupBoilerplate is analysis plus a Build at the default
// threshold on boilerplate documents: shingling, the pair join and the
// greedy pass, with nothing cached.
func BenchmarkDedupBoilerplate(b *testing.B) {
	for _, n := range []int{1000, 10000, 200000} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			docs := boilerplateDocs(n)
			b.ResetTimer()
			for range b.N {
				if _, err := Build(Analyze(docs), DefaultOptions()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNearPairs is candidate generation alone: the shingle index and
// the exact join at NearPairFloor, on a fresh analysis each time.
func BenchmarkNearPairs(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			docs := benchDocs(n)
			pairs := 0
			b.ResetTimer()
			for range b.N {
				x := Analyze(docs).shingleIndex(5)
				pairs = x.nearPairsFrom(NearPairFloor).Pairs()
			}
			b.ReportMetric(float64(pairs), "pairs")
		})
	}
}
