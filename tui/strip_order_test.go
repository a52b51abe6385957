package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/tui/rows"
)

// With budget-before-reorder the strip lists the stages in the order
// they run, Budget before Reorder, at every width, and the stage keys
// step through them in that order.
func TestStripShowsBudgetBeforeReorder(t *testing.T) {
	t.Parallel()
	for _, width := range []int{160, 80} {
		m := newTestModel(t, "support_chat", "mono", width, 48)
		m = keys(t, m, "c")
		m.controls.SelectID("budget-first")
		m = keys(t, m, "space")
		if !m.eval.Build.Trace.BudgetFirst {
			t.Fatal("budget-before-reorder is not on")
		}
		want := []rows.Stage{rows.StageInput, rows.StageFilter, rows.StageSort, rows.StageDedup, rows.StageBudget, rows.StageReorder}
		if got := rows.StagesFor(m.eval); !slices.Equal(got, want) {
			t.Errorf("stages %v, want %v", got, want)
		}
		strip := ansi.Strip(rows.Strip(m.styles, m.eval, m.sent, rows.StageBudget, width))
		budget := strings.Index(strip, "Budget")
		reorder := max(strings.Index(strip, "Reorder"), strings.Index(strip, "Order"))
		if budget < 0 || reorder < budget || strings.Contains(strip, "after budget") {
			t.Errorf("%d columns: the strip does not read Budget then Reorder: %q", width, strip)
		}
	}
}
