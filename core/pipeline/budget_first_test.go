package pipeline

import (
	"fmt"
	"slices"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/value"
)

// eightDocs are eight 100-word documents, scores falling from 0.9.
func eightDocs() []value.Document {
	docs := make([]value.Document, 8)
	for i := range docs {
		docs[i] = value.Document{Content: testtext.Words(100, fmt.Sprintf("w%d", i)), Score: 0.9 - float64(i)/100, Source: fmt.Sprint("d", i)}
	}
	return docs
}

// The reference reorders first, so a budget for four documents keeps
// ranks 1, 3, 5, 7; budgeting first keeps ranks 1–4 and places them
// 1 3 4 2, numbered in that order.
func TestBudgetBeforeReorderKeepsTheStrongest(t *testing.T) {
	for _, mode := range BudgetModes.Values {
		budget := 4 * 130
		if mode == BudgetStrict {
			budget += 4 * 12 // the headers
		}
		ref := mustBuild(t, eightDocs(), func(o *Options) { o.Budget, o.BudgetMode = budget, mode })
		if got := ref.Trace.Cited; !slices.Equal(got, []int{0, 2, 4, 6}) {
			t.Errorf("%s, reorder first: cited %v, want ranks 1 3 5 7", mode, got)
		}
		res := mustBuild(t, eightDocs(), func(o *Options) { o.Budget, o.BudgetMode, o.BudgetBeforeReorder = budget, mode, true })
		tr := res.Trace
		if !slices.Equal(tr.Cited, []int{0, 2, 3, 1}) {
			t.Errorf("%s, budget first: cited %v, want ranks 1 3 4 2", mode, tr.Cited)
		}
		if !tr.BudgetFirst || !tr.Counts.Reordered {
			t.Errorf("%s: trace does not say the budget ran first and the kept ones were reordered: %+v", mode, tr.Counts)
		}
		if !slices.Equal(tr.Reordered, []int{0, 2, 3, 1, 4, 5, 6, 7}) {
			t.Errorf("%s: final order %v, want the kept four placed, then the rest by rank", mode, tr.Reordered)
		}
		for n, i := range tr.Cited {
			if int(tr.Doc(i).Citation) != n+1 || int(tr.Doc(i).PosAfterReorder) != n {
				t.Errorf("%s: #%d cited [%d] in slot %d, want [%d] in slot %d", mode, i+1, tr.Doc(i).Citation, tr.Doc(i).PosAfterReorder, n+1, n)
			}
		}
		if mode == BudgetStrict && res.TokensUsed > budget {
			t.Errorf("strict: block of %d tokens over %d", res.TokensUsed, budget)
		}
	}
	// Without lost-in-the-middle the knob changes nothing.
	off := mustBuild(t, eightDocs(), func(o *Options) { o.Budget, o.LostInMiddle, o.BudgetBeforeReorder = 520, false, true })
	if !slices.Equal(off.Trace.Cited, []int{0, 1, 2, 3}) || off.Trace.BudgetFirst {
		t.Errorf("lost-in-the-middle off: cited %v, budget first %v", off.Trace.Cited, off.Trace.BudgetFirst)
	}
}
