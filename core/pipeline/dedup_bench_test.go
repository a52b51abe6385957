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
// the exact join at NearPairFloor, built afresh from one analysis. "random"
// is benchDocs (words drawn from a small vocabulary), "dense" is
// denseDocs (the sample's 300 sentences mixed, each recurring in about
// 2,400 documents at 100,000). It reports the pairs found, the distinct
// candidate pairs the prefixes met, and those whose shingles were merged.
func BenchmarkNearPairs(b *testing.B) {
	sets := []struct {
		name string
		docs func(int) []value.Document
	}{
		{"random", benchDocs},
		{"dense", func(n int) []value.Document { return denseDocs(b, n) }},
	}
	for _, set := range sets {
		for _, n := range []int{1000, 10000, 100000} {
			b.Run(fmt.Sprintf("%s/docs=%d", set.name, n), func(b *testing.B) {
				a := Analyze(set.docs(n))
				var p *nearPairs
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					p = findNearPairs(newShingleIndex(a, 5), NearPairFloor)
				}
				b.ReportMetric(float64(p.Pairs()), "pairs")
				b.ReportMetric(float64(p.candidates), "candidates")
				b.ReportMetric(float64(p.verified), "merged")
			})
		}
	}
}
