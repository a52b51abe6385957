package fix_test

import (
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/fix"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/window"
)

// A fit that raises an allocation (a system prompt over its share) is
// not titled a scale-down: it says it fits the allocations to the
// request, and names the raise as a raise.
func TestFitThatRaisesIsNotTitledAScaleDown(t *testing.T) {
	s := core.DefaultSettings()
	s.Query = "What happened to my order?"
	s.Budget.TotalWindow, s.Budget.ResponseReserve = 6_000, 500
	s.Layout = window.LayoutChat // the system message is sent whole: its allocation is its size
	sc := &core.Scenario{
		SystemPrompt: testtext.Words(1_400, "policy"),
		ToolResults:  []window.ToolResult{{Name: "lookup", Content: testtext.Words(300, "event")}},
		Settings:     s,
	}
	_, ev, fixes := suggestFor(t, sc, s)
	if ev.BudgetProblem == nil {
		t.Fatalf("allocations %d fit the %d max input", s.Budget.Allocated(), s.Budget.MaxInput())
	}
	fit := fixOfKind(fixes, fix.FitAllocations)
	if fit == nil {
		t.Fatalf("no fit-allocations fix in %+v", fixes)
	}
	raised := false
	for _, c := range fit.Changes {
		if c.KnobID == "system" && c.Value.Int > s.Budget.SystemPrompt {
			raised = true
		}
	}
	if !raised {
		t.Fatalf("the fit does not raise the system prompt's allocation: %+v", fit.Changes)
	}
	if strings.Contains(fit.Description, "Scale the allocations down") || !strings.HasPrefix(fit.Description, "Fit the allocations to") {
		t.Errorf("a fit that raises an allocation is described as: %s", fit.Description)
	}
}
