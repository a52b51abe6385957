package tui

import (
	"testing"

	"github.com/mattn/go-runewidth"

	"ctxlab/core"
)

// Every note, short and in words, as the list shows it; width must be
// the cells of the text, since the columns are fitted by it.
func TestRowNoteText(t *testing.T) {
	cases := []struct {
		note         rowNote
		short, words string
	}{
		{rowNote{}, "", ""},
		{rowNote{kind: noteKept}, "kept", "kept"},
		{rowNote{kind: noteFiltered, n1: 1, n2: 5}, "1 tok < min 5", "1 token, under the minimum of 5"},
		{rowNote{kind: noteFiltered, n1: 1234, n2: 2000}, "1,234 tok < min 2,000", "1,234 tokens, under the minimum of 2,000"},
		{rowNote{kind: noteSortRank, n1: 12345}, "score rank 12,345", "score rank 12,345 (before dedup)"},
		{rowNote{kind: noteDedupKept, n1: 3}, "kept · rank 3", "kept · rank 3 after dedup"},
		{rowNote{kind: noteExactCopy, n1: 1500}, "= #1500 exact", "= exact copy of #1500"},
		{rowNote{kind: noteNearCopy, n1: 2, sim: 0.8751}, "≈ #2 J=0.88", "≈ near copy of #2, similarity 0.88"},
		{rowNote{kind: noteReordered, n1: 2, n2: 1000}, "rank 2 → 1,000", "rank 2 after dedup, placed in slot 1,000"},
		{rowNote{kind: noteSentWhole, citation: 4, n1: 7}, "[4] rank 7", "[4] sent whole · rank 7 after dedup"},
		{rowNote{kind: noteCut, citation: 9, n1: 80, n2: 1127}, "[9] cut 80/1,127", "[9] cut at 80 of 1,127 tokens"},
		{rowNote{kind: noteSynopsis, citation: 9, n1: 21, n2: 300}, "[9] synopsis 21/300", "[9] synopsis, 21 of 300 tokens"},
		{rowNote{kind: noteOverBudget, n1: 4321}, "over · rank 4,321", "over budget · rank 4,321 after dedup"},
		{rowNote{kind: noteSimpleWhole, citation: 1}, "[1] whole", "[1] sent whole"},
		{rowNote{kind: noteSimpleDropped}, "dropped: ≤100 left, stop", "dropped: 100 tokens or fewer left"},
		{rowNote{kind: noteSimpleNotReached}, "not reached: stopped", "not reached: the builder stopped"},
		{rowNote{kind: noteSentWhole, citation: 3, n1: 5, cut: core.SurvivedLost}, "[3] lost: RAG cut", "[3] lost in the assembler's cut"},
		{rowNote{kind: noteSentWhole, citation: 3, n1: 5, cut: core.SurvivedCut}, "[3] RAG cut inside", "[3] cut inside the retrieved context"},
		{rowNote{kind: noteCut, citation: 6, n1: 80, n2: 127, cut: core.SurvivedLost}, "[6] cut 80/127 → lost", "[6] 80 of 127 kept; the assembler cut it"},
		{rowNote{kind: noteSynopsis, citation: 6, n1: 20, n2: 1270, cut: core.SurvivedCut}, "[6] synopsis 20/1,270 → cut", "[6] 20 of 1,270 kept; the assembler cut more"},
		{rowNote{kind: noteSentWhole, citation: 3, n1: 5, cut: core.SurvivedWhole}, "[3] rank 5", "[3] sent whole · rank 5 after dedup"},
	}
	for _, c := range cases {
		for _, form := range []struct {
			wordy bool
			want  string
		}{{false, c.short}, {true, c.words}} {
			if got := c.note.text(form.wordy); got != form.want {
				t.Errorf("%+v wordy=%v: %q, want %q", c.note, form.wordy, got, form.want)
			}
			if got, want := c.note.width(form.wordy), runewidth.StringWidth(form.want); got != want {
				t.Errorf("%+v wordy=%v: width %d, want %d", c.note, form.wordy, got, want)
			}
		}
	}
}
