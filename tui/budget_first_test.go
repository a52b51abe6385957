package tui

import (
	"strings"
	"testing"

	"ctxlab/tui/views"
)

// TestBudgetBeforeReorderControl: turning the control on re-runs the
// pipeline budget first; the strip and the Ordering view say so, and the
// strongest documents are no longer the ones the budget passes over.
func TestBudgetBeforeReorderControl(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	before := views.Ordering(m.styles, m.eval, 120)
	if !strings.Contains(before, "The budget walks the slots front to back") {
		t.Fatalf("the reference order should lose strong documents placed last:\n%s", before)
	}
	m = keys(t, m, "c")
	m.controls.SelectID("budget-first")
	m = keys(t, m, "space", "2")
	if !m.eval.Settings.Pipeline.BudgetBeforeReorder || !m.eval.Build.Trace.BudgetFirst {
		t.Fatal("the control did not turn budget-before-reorder on")
	}
	after := views.Ordering(m.styles, m.eval, 120)
	for _, want := range []string{"lost in the middle: on, after the budget", "the budget took documents best first"} {
		if !strings.Contains(after, want) {
			t.Errorf("the Ordering view lacks %q:\n%s", want, after)
		}
	}
	if strings.Contains(after, "The budget walks the slots front to back") {
		t.Errorf("the Ordering view still describes the reference order:\n%s", after)
	}
	if screen := m.View(); !strings.Contains(screen, "39✗]─► Reorder ─►") {
		t.Errorf("the stage strip does not show the reorder after the budget:\n%s", screen)
	}
}
