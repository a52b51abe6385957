package core

import (
	"context"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

func sampleWorkflow() *AgentWorkflow {
	return &AgentWorkflow{
		Summary: "triage a refund request",
		Steps: []AgentStep{
			{Name: "lookup", Output: strings.Repeat("order ORD-1 shipped late ", 40), Recorded: true},
			{Name: "policy", Output: "refunds within 30 days", Recorded: true},
			{Name: "unrelated", Output: "weather is fine", Recorded: true},
			{Name: "check", Requires: []string{"lookup", "policy", "missing"}},
			{Name: "missing"},
		},
	}
}

// TestEvaluateAgentStep: choosing a step makes its context, built from
// the steps it requires only, the tool-results component.
func TestEvaluateAgentStep(t *testing.T) {
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Query = "can I get a refund?"
	s.Budget.ToolResults = 90
	s.Step = "check"
	sc := &Scenario{Agent: sampleWorkflow(), ToolResults: []window.ToolResult{{Name: "old", Content: "replaced"}}, Settings: s}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	sx := ev.StepContext
	if sx == nil || sx.Step != "check" || len(sx.Trace) != 3 {
		t.Fatalf("step context %+v", sx)
	}
	if got := sx.Trace[0]; !got.Present || got.Allowance != 30 || !got.Truncated || got.Kept > 30 {
		t.Errorf("lookup: %+v", got)
	}
	if got := sx.Trace[1]; !got.Present || got.Truncated {
		t.Errorf("policy: %+v", got)
	}
	if got := sx.Trace[2]; got.Present {
		t.Errorf("a step that never ran is reported present: %+v", got)
	}
	tr, _ := ev.Assembly.Component(window.ComponentToolResults)
	for _, want := range []string{"Workflow summary: triage a refund request", "[policy output: refunds within 30 days]", "[lookup output: order ORD-1"} {
		if !strings.Contains(tr.Text, want) {
			t.Errorf("tool results lack %q:\n%s", want, tr.Text)
		}
	}
	for _, unwanted := range []string{"weather", "replaced"} {
		if strings.Contains(tr.Text, unwanted) {
			t.Errorf("tool results hold %q, which the step does not require:\n%s", unwanted, tr.Text)
		}
	}

	s.Step = "nope"
	if _, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s); err == nil ||
		err.Error() != `agent step "nope": expected one of lookup, policy, unrelated, check, missing` {
		t.Errorf("unknown step: %v", err)
	}
	sc.Agent = nil
	if _, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s); err == nil || !strings.Contains(err.Error(), "no agent steps") {
		t.Errorf("no workflow: %v", err)
	}
}
