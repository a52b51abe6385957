package rows

import (
	"math"
	"math/rand/v2"
	"testing"

	"ctxlab/core"
)

// TestNotesOfOneShapeAreEquallyWide: the list measures one note per
// shape, so every note of a shape must print as wide as the others, in
// words and short, whatever its numbers.
func TestNotesOfOneShapeAreEquallyWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	numbers := []int{0, 1, 2, 9, 10, 99, 100, 999, 1000, 9999, 12345, 999999, 1000000, -1, -2, -10, -1000, math.MaxInt, math.MinInt}
	sims := []float64{0, 0.5, 0.855, 0.999, 1, 1.5, -0.25, 12.5, math.NaN(), math.Inf(1)}
	cuts := []core.CitedSurvival{"", core.SurvivedWhole, core.SurvivedCut, core.SurvivedLost}
	type widths struct{ short, words int }
	seen := map[noteShape]widths{}
	for range 20000 {
		n := Note{
			kind:     noteKind(rng.IntN(int(noteSimpleNotReached) + 1)),
			citation: numbers[rng.IntN(len(numbers))],
			n1:       numbers[rng.IntN(len(numbers))],
			n2:       numbers[rng.IntN(len(numbers))],
			sim:      sims[rng.IntN(len(sims))],
			cut:      cuts[rng.IntN(len(cuts))],
		}
		w := widths{n.Width(false), n.Width(true)}
		if prev, ok := seen[n.shape()]; ok && prev != w {
			t.Fatalf("%+v is %+v wide, another note of its shape %+v", n, w, prev)
		}
		seen[n.shape()] = w
	}
	if len(seen) < 1000 {
		t.Errorf("only %d shapes met: the notes were not varied enough to tell", len(seen))
	}
}

// TestFitRowLayoutMeasuresEveryNote: measuring a note per shape gives
// the widths measuring every note gives.
func TestFitRowLayoutMeasuresEveryNote(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		rows := make([]Look, 1+rng.IntN(50))
		for k := range rows {
			rows[k].note = Note{kind: noteKind(rng.IntN(int(noteSimpleNotReached) + 1)),
				citation: rng.IntN(200), n1: rng.IntN(1 << rng.IntN(24)), n2: rng.IntN(1 << rng.IntN(24)), sim: rng.Float64()}
		}
		want := Layout{noteW: minNoteW}
		for _, r := range rows {
			want.noteW = max(want.noteW, r.note.Width(false))
			want.wordsW = max(want.wordsW, r.note.Width(true))
		}
		want.noteW = min(want.noteW, maxNoteW)
		want.wordsW = min(max(want.wordsW, want.noteW), maxWordsW)
		got := FitLayout(len(rows), func(k int) Look { return rows[k] }, nil, Layout{})
		if got.noteW != want.noteW || got.wordsW != want.wordsW {
			t.Fatalf("trial %d: note %d, words %d; measuring every note gives %d, %d", trial, got.noteW, got.wordsW, want.noteW, want.wordsW)
		}
	}
}
