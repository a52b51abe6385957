package pipeline

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// benchVocabulary gives generated documents realistic word reuse, so
// shingles repeat across documents the way support articles do.
var benchVocabulary = strings.Fields(`refund order shipping return policy days business customer account
payment card gift warranty damaged item replacement tracking number carrier delivery address store credit
exchange size guide tent jacket boots backpack label printable window approved request original method
within after before please contact support team email phone hours weekend holiday international customs`)

// benchDocs builds n documents of 80-240 words, with one in ten a near
// copy of an earlier one and one in twenty an exact copy.
func benchDocs(n int) []value.Document {
	rng := rand.New(rand.NewPCG(1, 2))
	docs := make([]value.Document, n)
	for i := range docs {
		switch {
		case i > 20 && i%20 == 0:
			docs[i] = docs[rng.IntN(i)]
		case i > 10 && i%10 == 0:
			words := strings.Fields(docs[rng.IntN(i)].Content)
			words[rng.IntN(len(words))] = "changed"
			docs[i] = value.Document{Content: strings.Join(words, " ")}
		default:
			words := make([]string, 80+rng.IntN(160))
			for w := range words {
				words[w] = benchVocabulary[rng.IntN(len(benchVocabulary))]
			}
			docs[i] = value.Document{Content: strings.Join(words, " ")}
		}
		docs[i].Score = float64(rng.IntN(1000)) / 1000
		docs[i].Source = fmt.Sprintf("kb/article-%d.md", i)
	}
	return docs
}

// BenchmarkBuildCached is the cost of a knob change: a Build from an
// analysis whose token counts and shingles are already cached.
func BenchmarkBuildCached(b *testing.B) {
	for _, n := range []int{60, 1000, 10000} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			a := Analyze(benchDocs(n))
			opts := DefaultOptions()
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
		})
	}
}

// BenchmarkAnalyze is the one-time cost of loading a document set:
// tokenization under each tokenizer (bypassing the count memo, which would
// otherwise answer every iteration after the first), plus the hashes,
// words and 5-word shingles every Build reuses.
func BenchmarkAnalyze(b *testing.B) {
	docs := benchDocs(1000)
	size := 0
	for _, d := range docs {
		size += len(d.Content)
	}
	for _, name := range tokens.Names {
		tok, _ := tokens.ByName(name)
		tok.Count("warm up the vocabulary")
		count := tok.Count
		if enc, ok := tok.(*tokens.BPE); ok {
			count = func(s string) int { return len(enc.Encode(s)) }
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(size))
			for i := 0; i < b.N; i++ {
				a := Analyze(docs)
				for _, d := range docs {
					count(d.Content)
				}
				a.shingleIndex(5)
			}
		})
	}
}
