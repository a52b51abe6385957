package core

import (
	"context"
	"errors"
	"slices"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// A window below the response reserve is evaluated, not refused: the
// request is measured and the overflow carries the reserve as its cause.
func TestEvaluateWindowBelowReserve(t *testing.T) {
	s := DefaultSettings()
	s.Budget.TotalWindow, s.Budget.ResponseReserve = 1_500, 4_096
	sc := &Scenario{History: []value.Message{{Role: "user", Content: "hello there"}}, Settings: s}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatalf("Evaluate refused a small window: %v", err)
	}
	var reserve *window.ReserveOverflowError
	if !errors.As(ev.BudgetProblem, &reserve) || reserve.Reserve != 4_096 || reserve.Window != 1_500 {
		t.Errorf("budget problem = %v, want the reserve as the cause", ev.BudgetProblem)
	}
	if ev.Overflow == nil || ev.Overflow.Reserve == nil {
		t.Fatalf("overflow = %+v, want one caused by the reserve", ev.Overflow)
	}
	if ev.Assembly == nil || ev.Assembly.Mode != window.MeasureOnly || ev.Assembly.Used == 0 {
		t.Errorf("assembly = %+v, want the request measured as sent", ev.Assembly)
	}
	if ev.Metrics.MaxInputTokens != 0 || ev.Metrics.BudgetUtilization <= 1 {
		t.Errorf("metrics max input %d, utilization %v", ev.Metrics.MaxInputTokens, ev.Metrics.BudgetUtilization)
	}
}

// The evaluation notes counts that are estimates for the settings' model,
// once, whatever the loader already said.
func TestEvaluateNotesCountEstimate(t *testing.T) {
	cases := []struct {
		name, model, tokenizer string
		estimate               bool
	}{
		{"unknown model", "llama-3", tokens.TokenizerO200K, true},
		{"tokenizer not the model's own", "gpt-4", tokens.TokenizerO200K, true},
		{"the model's own tokenizer", "gpt-4", tokens.TokenizerCL100K, false},
		{"no model", "", tokens.TokenizerCL100K, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := DefaultSettings()
			s.Model = c.model
			s.Pipeline.Tokenizer, _ = tokens.ByName(c.tokenizer)
			sc := &Scenario{Settings: s}
			ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
			if err != nil {
				t.Fatal(err)
			}
			if (ev.CountEstimate != "") != c.estimate {
				t.Fatalf("count estimate = %q, want one: %v", ev.CountEstimate, c.estimate)
			}
			if c.estimate && !slices.Contains(ev.Notes, ev.CountEstimate) {
				t.Errorf("notes %q lack %q", ev.Notes, ev.CountEstimate)
			}
			sc.Notes = []string{ev.CountEstimate}
			again, _ := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
			if c.estimate && len(again.Notes) != 1 {
				t.Errorf("the note repeated: %q", again.Notes)
			}
		})
	}
}
