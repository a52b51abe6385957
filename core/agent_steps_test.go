package core

import (
	"slices"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/tokens"
)

func TestContextForStep(t *testing.T) {
	var a AgentSteps // the zero value records
	a.Record("search", "r1 r2 r3 r4 r5 r6 r7 r8")
	a.Record("fetch", "f1 f2")
	a.Record("plan", "old")
	a.Record("plan", "p1 p2 p3 p4 p5")

	tests := []struct {
		name     string
		summary  string
		required []string
		budget   int
		want     string
		trace    []StepTrace
	}{
		{"budget split by integer division", "", []string{"search", "fetch", "plan"}, 10,
			"[search output: r1 r2 r3]\n[fetch output: f1 f2]\n[plan output: p1 p2 p3]",
			[]StepTrace{
				{Step: "search", Present: true, Allowance: 3, Tokens: 8, Kept: 3, Truncated: true},
				{Step: "fetch", Present: true, Allowance: 3, Tokens: 2, Kept: 2},
				{Step: "plan", Present: true, Allowance: 3, Tokens: 5, Kept: 3, Truncated: true},
			}},
		{"summary first, missing step traced", "searched and fetched", []string{"search", "review"}, 9,
			"Workflow summary: searched and fetched\n[search output: r1 r2 r3 r4]",
			[]StepTrace{
				{Step: "search", Present: true, Allowance: 4, Tokens: 8, Kept: 4, Truncated: true},
				{Step: "review", Allowance: 4},
			}},
		{"no required steps", "s", nil, 100, "Workflow summary: s", []StepTrace{}},
		{"negative budget keeps nothing", "", []string{"fetch"}, -5, "[fetch output: ]",
			[]StepTrace{{Step: "fetch", Present: true, Allowance: 0, Tokens: 2, Kept: 0, Truncated: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.Summary = tt.summary
			got, trace := a.ContextForStep("write", tt.required, tt.budget, testfake.Words{})
			if got != tt.want {
				t.Errorf("context = %q\nwant      %q", got, tt.want)
			}
			if !slices.Equal(trace, tt.trace) {
				t.Errorf("trace = %+v\nwant    %+v", trace, tt.trace)
			}
		})
	}
}

// TestContextForStepArticleNumbers: the agent_workflow preset's 6000
// tool-result tokens over three steps allow 2000 each.
func TestContextForStepArticleNumbers(t *testing.T) {
	a := AgentSteps{}
	a.Record("a", "x")
	_, trace := a.ContextForStep("b", []string{"a", "c", "d"}, 6000, tokens.Heuristic{})
	if trace[0].Allowance != 2000 {
		t.Errorf("allowance = %d", trace[0].Allowance)
	}
	_, trace = a.ContextForStep("b", []string{"a", "c", "d", "e", "f", "g", "h"}, 6000, tokens.Heuristic{})
	if trace[0].Allowance != 857 {
		t.Errorf("allowance = %d, want 6000 // 7 = 857", trace[0].Allowance)
	}
}
