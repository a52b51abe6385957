package pipeline

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"ctxlab/core/value"
)

// The sort stage reads one order of the whole set and skips the filtered
// documents; that must be exactly a stable sort of the documents kept,
// ties (many here) in input order, whichever documents the filter took.
func TestSortStageMatchesAStableSortOfTheKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for round := range 50 {
		docs := make([]value.Document, 1+rng.IntN(200))
		for i := range docs {
			docs[i].Score = float64(rng.IntN(7)) / 4 // few distinct scores: ties
			if rng.IntN(10) == 0 {
				docs[i].Score = math.Copysign(0, -1) // -0 ties with 0
			}
		}
		a := Analyze(docs)
		for range 5 {
			trace := newTraceTable(len(docs))
			var kept []int
			for i := range docs {
				if rng.IntN(3) == 0 {
					trace.markFiltered(i, 0)
				} else {
					kept = append(kept, i)
				}
			}
			// Distances sort lowest first, by a sort of their own.
			wantDistance := append([]int(nil), kept...)
			sort.SliceStable(wantDistance, func(p, q int) bool { return docs[wantDistance[p]].Score < docs[wantDistance[q]].Score })
			if got := sortStage(a, kept, ScoresDistance, &trace); !slices.Equal(got, wantDistance) {
				t.Fatalf("round %d: distance order %v, a stable sort gives %v", round, got, wantDistance)
			}
			want := append([]int(nil), kept...)
			sort.SliceStable(want, func(p, q int) bool { return docs[want[p]].Score > docs[want[q]].Score })
			got := sortStage(a, kept, ScoresSimilarity, &trace)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: order %v, a stable sort gives %v", round, got, want)
			}
			for pos, i := range got {
				if int(trace.sortedPos(i)) != pos {
					t.Fatalf("round %d: document %d at %d has SortedPos %d", round, i, pos, trace.sortedPos(i))
				}
			}
		}
	}
}

// A NaN score has no place in an order; the stage then sorts the kept
// documents themselves, as it always did.
func TestSortStageWithANaNScoreSortsTheKept(t *testing.T) {
	docs := []value.Document{{Score: 0.2}, {Score: math.NaN()}, {Score: 0.9}, {Score: 0.5}}
	a := Analyze(docs)
	trace := newTraceTable(len(docs))
	trace.markFiltered(1, 0)
	got := sortStage(a, []int{0, 2, 3}, ScoresSimilarity, &trace)
	if want := []int{2, 3, 0}; !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
}
