package pipeline

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/value"
	"ctxlab/internal/racetest"
)

// TestNearPairsMatchBruteForce checks the prefix-filtered join against
// comparing every pair of classes, at floors on rounding edges.
func TestNearPairsMatchBruteForce(t *testing.T) {
	t.Parallel()
	vocab := strings.Fields("a b c d e f g h")
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range racetest.Cut(200, 5) {
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
			ref := newReferenceJoin(a, k)
			for _, floor := range []float64{0.5, 0.6, 2.0 / 3, 0.75, 0.8, 0.9, 1} {
				checkPairsAgainstReference(t, a, ref, k, floor, fmt.Sprintf("trial %d, k=%d, floor %v", trial, k, floor))
			}
		}
	}
}

// TestNearPairsDenseMatchBruteForce checks the join where its filters
// work hardest: many documents made of the same few sentences, so nearly
// every pair shares shingles, every sentence's shingles form one group,
// and the positional filter and the bound at the end of the prefixes
// decide most candidates. Empty documents, one-word documents and
// documents shorter than a shingle are mixed in, and the floors sit just
// at and above 0.50 and just below and at 1.00.
func TestNearPairsDenseMatchBruteForce(t *testing.T) {
	t.Parallel()
	vocab := strings.Fields("a b c d e f g h i j k l")
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range racetest.Cut(150, 5) {
		sentences := make([]string, 2+rng.IntN(8))
		for s := range sentences {
			words := make([]string, 1+rng.IntN(9))
			for w := range words {
				words[w] = vocab[rng.IntN(len(vocab))]
			}
			sentences[s] = strings.Join(words, " ")
		}
		docs := mixedSentenceDocs(sentences, 2+rng.IntN(70), rng)
		for i := range docs {
			switch rng.IntN(12) {
			case 0:
				docs[i].Content = ""
			case 1:
				docs[i].Content = vocab[rng.IntN(3)]
			}
		}
		a := Analyze(docs)
		refs := map[int]*referenceJoin{}
		for _, k := range []int{1, 2, 3, 5} {
			refs[k] = newReferenceJoin(a, k)
			for _, floor := range []float64{0.5, 0.5 + 1e-12, 0.51, 0.99, 1 - 1e-12, 1} {
				checkPairsAgainstReference(t, a, refs[k], k, floor, fmt.Sprintf("trial %d, k=%d, floor %v", trial, k, floor))
			}
		}
		sorted := rng.Perm(len(docs))
		for _, k := range []int{1, 3, 5} {
			for _, threshold := range []float64{0.5, 0.5 + 1e-12, 0.51, 0.99, 1} {
				trace := newTraceTable(len(docs))
				dedupStage(a, sorted, threshold, k, nil, &trace)
				if got, want := fmt.Sprint(dedupFates(sorted, &trace)), fmt.Sprint(bruteDedupOn(a, refs[k], sorted, threshold)); got != want {
					t.Fatalf("trial %d, k=%d, threshold %v:\n got %v\nwant %v", trial, k, threshold, got, want)
				}
			}
		}
	}
}

// checkPairsAgainstBruteForce fails unless the join at floor of a's
// k-word shingles, on one core and on three, gives exactly the pairs of
// classes whose similarity, computed from the windows' strings, reaches
// floor, each with its intersection size.
func checkPairsAgainstBruteForce(t *testing.T, a *Analysis, k int, floor float64, label string) {
	t.Helper()
	checkPairsAgainstReference(t, a, newReferenceJoin(a, k), k, floor, label)
}

// checkPairsAgainstReference is checkPairsAgainstBruteForce on a
// reference already counted for k.
func checkPairsAgainstReference(t *testing.T, a *Analysis, ref *referenceJoin, k int, floor float64, label string) {
	t.Helper()
	x := a.shingleIndex(k)
	for _, workers := range []int{1, 3} {
		checkJoinAgainstReference(t, ref, joinNearPairs(x, floor, workers), floor, fmt.Sprintf("%s, %d cores", label, workers))
	}
}

func checkJoinAgainstReference(t *testing.T, r *referenceJoin, p *nearPairs, floor float64, label string) {
	t.Helper()
	ref := r.sets
	got := map[[2]int32]uint32{}
	for c := range ref {
		nbr, inter := p.neighbours(int32(c))
		for j, o := range nbr {
			got[[2]int32{int32(c), o}] = inter[j]
		}
	}
	want := 0
	for c := range ref {
		for o := range ref {
			if c == o {
				continue
			}
			inter := r.inter[c][o]
			if jaccardFromSizes(inter, len(ref[c]), len(ref[o])) < floor {
				continue
			}
			want++
			if g, ok := got[[2]int32{int32(c), int32(o)}]; !ok || int(g) != inter {
				t.Fatalf("%s: pair %d-%d (intersection %d) found as %d, %v", label, c, o, inter, g, ok)
			}
		}
	}
	if want != len(got) {
		t.Fatalf("%s: %d pairs found, %d exist", label, len(got), want)
	}
}
