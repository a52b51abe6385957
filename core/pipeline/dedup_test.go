package pipeline

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/pycompat"
	"ctxlab/core/value"
	"ctxlab/internal/racetest"
)

// bruteDedup is the reference's walk: every candidate against every kept
// document, in kept order. It describes each document's fate as a string.
func bruteDedup(a *Analysis, sorted []int, threshold float64, k int) []string {
	return bruteDedupOn(a, newReferenceJoin(a, k), sorted, threshold)
}

// bruteDedupOn is bruteDedup on a reference already counted.
func bruteDedupOn(a *Analysis, ref *referenceJoin, sorted []int, threshold float64) []string {
	var kept []int
	keptOfClass := map[int32]int{}
	var fates []string
	for _, i := range sorted {
		if of, ok := keptOfClass[a.hashClass[i]]; ok {
			fates = append(fates, fmt.Sprintf("exact %d", of))
			continue
		}
		fate := "kept"
		for _, o := range kept {
			if j := ref.similarity(a.hashClass[i], a.hashClass[o]); j >= threshold {
				fate = fmt.Sprintf("near %d %v", o, j)
				break
			}
		}
		if fate == "kept" {
			kept = append(kept, i)
			keptOfClass[a.hashClass[i]] = i
		}
		fates = append(fates, fate)
	}
	return fates
}

// dedupFates describes each sorted document's fate in trace as
// bruteDedup does.
func dedupFates(sorted []int, trace *traceTable) []string {
	var fates []string
	for _, i := range sorted {
		switch d := trace.view(i).Duplicate; {
		case d == nil:
			fates = append(fates, "kept")
		case d.Kind == DuplicateExact:
			fates = append(fates, fmt.Sprintf("exact %d", d.Of))
		default:
			fates = append(fates, fmt.Sprintf("near %d %v", d.Of, d.Similarity))
		}
	}
	return fates
}

// TestDedupMatchesBruteForce checks the prefix-filtered dedup against the
// quadratic walk on small random corpora full of near copies, over
// thresholds that sit on rounding edges (1/3, 2/3) and beyond 1.
func TestDedupMatchesBruteForce(t *testing.T) {
	t.Parallel()
	vocab := strings.Fields("a b c d e f g h i j k l m n o p")
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range racetest.Cut(300, 5) {
		n := 2 + rng.IntN(60)
		docs := make([]value.Document, n)
		for i := range docs {
			if i > 0 && rng.IntN(3) == 0 {
				words := strings.Fields(docs[rng.IntN(i)].Content)
				if len(words) > 0 {
					words[rng.IntN(len(words))] = vocab[rng.IntN(len(vocab))]
				}
				if rng.IntN(2) == 0 {
					words = append(words, vocab[rng.IntN(len(vocab))])
				}
				docs[i].Content = strings.Join(words, " ")
				continue
			}
			words := make([]string, rng.IntN(14))
			for w := range words {
				words[w] = vocab[rng.IntN(4+trial%12)]
			}
			docs[i].Content = strings.Join(words, " ")
		}
		a := Analyze(docs)
		sorted := rng.Perm(n)
		for _, k := range []int{1, 2, 3, 5} {
			ref := newReferenceJoin(a, k)
			for _, threshold := range []float64{0, 0.01, 0.1, 0.2, 1.0 / 3, 0.5, 0.6, 2.0 / 3, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1, 1.5} {
				trace := newTraceTable(n)
				dedupStage(a, sorted, threshold, k, nil, &trace)
				got := dedupFates(sorted, &trace)
				if want := bruteDedupOn(a, ref, sorted, threshold); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("trial %d, k=%d, threshold %v:\n got %v\nwant %v", trial, k, threshold, got, want)
				}
			}
			// Similarity, which fixes read, for any two documents, copies
			// of one text included.
			for range 10 {
				i, j := rng.IntN(n), rng.IntN(n)
				if got, want := a.Similarity(i, j, k), referenceSimilarity(ref.sets[a.hashClass[i]], ref.sets[a.hashClass[j]]); got != want {
					t.Fatalf("trial %d, k=%d: Similarity(%d, %d) = %v, want %v", trial, k, i, j, got, want)
				}
			}
		}
	}
}

// TestLowerWordHashesMatchSplit checks the one-pass word hashing against
// lowercasing and splitting first, on text with Unicode case, Python-only
// whitespace and invalid bytes.
func TestLowerWordHashesMatchSplit(t *testing.T) {
	texts := []string{"", "  ", "Hello WORLD", "ÉCOLE école\u00a0Straße\x1cA\x1fb", "a\xffb \xff", "İstanbul ΣΑΣ\u2003x\u0085y", "tab\tnew\nline\r\v\f end"}
	for _, text := range texts {
		var want []uint64
		for _, w := range pycompat.Split(strings.ToLower(text)) {
			h := uint64(fnvOffset)
			for i := 0; i < len(w); i++ {
				h = (h ^ uint64(w[i])) * fnvPrime
			}
			want = append(want, mix(h))
		}
		if got := lowerWordHashes(text, nil); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

// TestNearestMatchesBruteForce checks each kept document's nearest
// neighbour against comparing it with every sorted document of another
// text.
func TestNearestMatchesBruteForce(t *testing.T) {
	vocab := strings.Fields("a b c d e f")
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range 100 {
		docs := make([]value.Document, 2+rng.IntN(40))
		for i := range docs {
			words := make([]string, 3+rng.IntN(10))
			for w := range words {
				words[w] = vocab[rng.IntN(2+trial%5)]
			}
			docs[i].Content = strings.Join(words, " ")
		}
		a := Analyze(docs)
		sorted := rng.Perm(len(docs))
		trace := newTraceTable(len(docs))
		for pos, i := range sorted {
			trace.detail(i).SortedPos = int32(pos)
		}
		kept, _ := dedupStage(a, sorted, 0.9, 2, nil, &trace)
		sets := referenceShingles(a, 2)
		for _, i := range kept {
			want, wantSim := -1, 0.0
			for _, o := range sorted {
				if a.hashClass[o] == a.hashClass[i] {
					continue
				}
				if j := referenceSimilarity(sets[a.hashClass[i]], sets[a.hashClass[o]]); j >= NearPairFloor && j > wantSim {
					want, wantSim = o, j
				}
			}
			got := trace.view(i).Nearest
			switch {
			case want < 0 && got != nil:
				t.Fatalf("trial %d: #%d has nearest %+v, want none", trial, i, *got)
			case want >= 0 && (got == nil || got.Of != want || got.Similarity != wantSim):
				t.Fatalf("trial %d: #%d has nearest %+v, want #%d at %v", trial, i, got, want, wantSim)
			}
		}
	}
}
