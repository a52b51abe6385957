package diagnose

import (
	"strings"
	"testing"

	"ctxlab/core/window"
)

// A reserve that takes more than half the window is named as the cause
// of the overflow, first among its rows; one that takes less is not.
func TestOverflowNamesAReserveOverHalfTheWindowAsTheCause(t *testing.T) {
	budget := testBudget
	budget.TotalWindow, budget.ResponseReserve = 6_000, 4_096
	a := assembly(window.MeasureOnly, budget, map[string][3]int{
		window.ComponentToolResults: {6_000, 7_611, 7_611},
	})
	f := onlyFinding(t, Diagnose(assemblyInput(a)), CodeOverflow)
	wantContains(t, f, "the cause is the response reserve, which takes 4,096 tokens of the 6,000-token window (68%), more than half of it")
	wantRefs(t, f, "[reserve tool_results]")

	small := assembly(window.MeasureOnly, testBudget, map[string][3]int{
		window.ComponentToolResults: {1_500, 7_500, 7_500},
	})
	if f := onlyFinding(t, Diagnose(assemblyInput(small)), CodeOverflow); strings.Contains(f.Message, "the cause is the response reserve") {
		t.Errorf("a reserve of an eighth of the window is named the cause: %s", f.Message)
	}
}
