package pipeline

import (
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// TestNearPairsMatchBruteForce checks the prefix-filtered join against
// comparing every pair of classes, at floors on rounding edges.
func TestNearPairsMatchBruteForce(t *testing.T) {
	vocab := strings.Fields("a b c d e f g h")
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range 200 {
		docs := make([]value.Document, 2+rng.IntN(50))
		for i := range docs {
			words := make([]string, rng.IntN(16))
			for w := range words {
				words[w] = vocab[rng.IntN(2+trial%7)]
			}
			docs[i].Content = strings.Join(words, " ")
		}
		a := Analyze(docs)
		for _, k := range []int{1, 2, 3} {
			x := a.shingleIndex(k)
			for _, floor := range []float64{0.5, 0.6, 2.0 / 3, 0.75, 0.8, 0.9, 1} {
				p := findNearPairs(x, floor)
				got := map[[2]int32]uint32{}
				for c := range x.sets {
					nbr, inter := p.neighbours(int32(c))
					for j, o := range nbr {
						got[[2]int32{int32(c), o}] = inter[j]
					}
				}
				want := 0
				for c := range x.sets {
					for o := range x.sets {
						if c == o {
							continue
						}
						inter := intersectionSize(x.sets[c], x.sets[o])
						if jaccardFromSizes(inter, len(x.sets[c]), len(x.sets[o])) < floor {
							continue
						}
						want++
						if g, ok := got[[2]int32{int32(c), int32(o)}]; !ok || int(g) != inter {
							t.Fatalf("trial %d, k=%d, floor %v: pair %d-%d (intersection %d) found as %d, %v", trial, k, floor, c, o, inter, g, ok)
						}
					}
				}
				if want != len(got) {
					t.Fatalf("trial %d, k=%d, floor %v: %d pairs found, %d exist", trial, k, floor, len(got), want)
				}
			}
		}
	}
}
