package budget

import (
	"context"
	"testing"
	"time"

	"ctxlab/core"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
)

// sampleEvaluation is a bundled sample scenario evaluated at its own
// settings.
func sampleEvaluation(t *testing.T, name string) *core.Evaluation {
	t.Helper()
	sc, err := scenarioload.LoadFS(sample.FS, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: now}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestOneLimitedComponentNamesItsAllocation(t *testing.T) {
	ev := sampleEvaluation(t, "support_chat")
	limit := bindingLimitOf(ev)
	limit.limited, limit.allocation = limit.limited[1:], 1550
	statements := limit.statements(ev.Assembly)
	if got := statements[0]; got != "4,892 / 126,000 input · retrieved context limited by its 1,550 allocation · 3.9% of max input" {
		t.Errorf("statement %q", got)
	}
}
