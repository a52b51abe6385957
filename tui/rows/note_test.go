package rows

import (
	"testing"

	"github.com/mattn/go-runewidth"

	"ctxlab/core"
)

// Every note, short and in words, as the list shows it; width must be
// the cells of the text, since the columns are fitted by it.
func TestRowNoteText(t *testing.T) {
	cases := []struct {
		note         Note
		short, words string
	}{
		{Note{}, "", ""},
		{Note{kind: noteKept}, "kept", "kept"},
		{Note{kind: noteFiltered, n1: 1, n2: 5}, "1 tok < min 5", "1 token, under the minimum of 5"},
		{Note{kind: noteFiltered, n1: 1234, n2: 2000}, "1,234 tok < min 2,000", "1,234 tokens, under the minimum of 2,000"},
		{Note{kind: noteSortRank, n1: 12345}, "score rank 12,345", "score rank 12,345 (before dedup)"},
		{Note{kind: noteDedupKept, n1: 3}, "kept · rank 3", "kept · rank 3 after dedup"},
		{Note{kind: noteExactCopy, n1: 1500}, "= #1500 exact", "= exact copy of #1500"},
		{Note{kind: noteNearCopy, n1: 2, sim: 0.8751}, "≈ #2 J=0.87", "≈ near copy of #2, similarity 0.87"},
		{Note{kind: noteReordered, n1: 2, n2: 1000}, "rank 2 → 1,000", "rank 2 after dedup, placed in slot 1,000"},
		{Note{kind: noteSentWhole, citation: 4, n1: 7}, "[4] rank 7", "[4] sent whole · rank 7 after dedup"},
		{Note{kind: noteCut, citation: 9, n1: 80, n2: 1127}, "[9] cut 80/1,127", "[9] cut at 80 of 1,127 tokens"},
		{Note{kind: noteSynopsis, citation: 9, n1: 21, n2: 300}, "[9] synopsis 21/300", "[9] synopsis, 21 of 300 tokens"},
		{Note{kind: noteOverBudget, n1: 4321}, "over · rank 4,321", "over budget · rank 4,321 after dedup"},
		{Note{kind: noteSimpleWhole, citation: 1}, "[1] whole", "[1] sent whole"},
		{Note{kind: noteSimpleDropped}, "dropped: ≤100 left, stop", "dropped: 100 tokens or fewer left"},
		{Note{kind: noteSimpleNotReached}, "not reached: stopped", "not reached: the builder stopped"},
		{Note{kind: noteSentWhole, citation: 3, n1: 5, cut: core.SurvivedLost}, "[3] lost: RAG cut", "[3] lost in the assembler's cut"},
		{Note{kind: noteSentWhole, citation: 3, n1: 5, cut: core.SurvivedCut}, "[3] RAG cut inside", "[3] cut inside the retrieved context"},
		{Note{kind: noteCut, citation: 6, n1: 80, n2: 127, cut: core.SurvivedLost}, "[6] cut 80/127 → lost", "[6] 80 of 127 kept; the assembler cut it"},
		{Note{kind: noteSynopsis, citation: 6, n1: 20, n2: 1270, cut: core.SurvivedCut}, "[6] synopsis 20/1,270 → cut", "[6] 20 of 1,270 kept; the assembler cut more"},
		{Note{kind: noteSentWhole, citation: 3, n1: 5, cut: core.SurvivedWhole}, "[3] rank 5", "[3] sent whole · rank 5 after dedup"},
	}
	for _, c := range cases {
		for _, form := range []struct {
			wordy bool
			want  string
		}{{false, c.short}, {true, c.words}} {
			if got := c.note.Text(form.wordy); got != form.want {
				t.Errorf("%+v wordy=%v: %q, want %q", c.note, form.wordy, got, form.want)
			}
			if got, want := c.note.Width(form.wordy), runewidth.StringWidth(form.want); got != want {
				t.Errorf("%+v wordy=%v: width %d, want %d", c.note, form.wordy, got, want)
			}
		}
	}
}
