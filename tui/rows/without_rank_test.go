package rows

import "testing"

// TestShownWithoutRank: beside a baseline mark the note keeps its
// fate and loses its rank, in words and short.
func TestShownWithoutRank(t *testing.T) {
	cases := []struct {
		note        Note
		short, wide string
	}{
		{Note{kind: noteOverBudget, n1: 25}, "over", "over budget"},
		{Note{kind: noteSentWhole, citation: 4, n1: 7}, "[4]", "[4] sent whole"},
		{Note{kind: noteDedupKept, n1: 3}, "kept", "kept"},
		{Note{kind: noteNearCopy, n1: 2, sim: 0.94}, "≈ #2 J=0.94", "≈ near copy of #2, similarity 0.94"},
	}
	for _, c := range cases {
		r := Look{note: c.note}
		if got := r.ShownWithoutRank(false); got != c.short {
			t.Errorf("short %v: %q, want %q", c.note.kind, got, c.short)
		}
		if got := r.ShownWithoutRank(true); got != c.wide {
			t.Errorf("in words %v: %q, want %q", c.note.kind, got, c.wide)
		}
	}
}
