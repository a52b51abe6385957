package core_test

import (
	"context"
	"testing"

	"ctxlab/core"
)

// TestSweepEvaluationMeetsTheEvaluation sweeps every sweepable knob from
// the support sample: the point at the current value is the evaluation's
// own build, and the dedup sweep covers 0.50 to 1.00 in 51 steps.
func TestSweepEvaluationMeetsTheEvaluation(t *testing.T) {
	sc := sampleScenario(t, "scenarios/support_chat.yaml")
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	knobs := core.SweepableKnobs()
	if len(knobs) < 3 {
		t.Fatalf("%d sweepable knobs, want dedup, min tokens and the RAG budget at least", len(knobs))
	}
	for _, k := range knobs {
		sw, err := core.SweepEvaluation(ev, k)
		if err != nil {
			t.Fatalf("%s: %v", k.Flag, err)
		}
		p := sw.Points[sw.CurrentIndex()]
		if p.Value != sw.Current {
			t.Errorf("%s: no point at the current value %v (nearest %v)", k.Flag, sw.Current, p.Value)
		}
		if p.TokensUsed != ev.Build.TokensUsed || p.Duplicates != ev.Build.DuplicatesRemoved || p.Sent != len(ev.Build.IncludedDocs) {
			t.Errorf("%s at %v: sweep %+v, evaluation %d tokens, %d removed, %d sent", k.Flag, p.Value, p, ev.Build.TokensUsed, ev.Build.DuplicatesRemoved, len(ev.Build.IncludedDocs))
		}
	}
	dedup, err := core.SweepKnobByFlag("dedup-threshold")
	if err != nil {
		t.Fatal(err)
	}
	sw, err := core.SweepEvaluation(ev, dedup)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sw.Points); n != 51 || sw.Points[0].Value != 0.5 || sw.Points[7].Value != 0.57 || sw.Points[n-1].Value != 1 {
		t.Errorf("dedup sweep values: %d points, %v, %v ... %v", n, sw.Points[0].Value, sw.Points[7].Value, sw.Points[n-1].Value)
	}
	if _, err := core.SweepKnobByFlag("shingle-size"); err == nil {
		t.Error("shingle-size is not sweepable, yet was accepted")
	}
}
