package sweep_test

import (
	"context"
	"math"
	"testing"

	"ctxlab/core"
	"ctxlab/core/sweep"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// TestSweepEvaluationMeetsTheEvaluation sweeps every sweepable knob from
// the support sample: the point at the current value is the evaluation's
// own build, and the dedup sweep covers 0.50 to 1.00 in 51 steps.
func TestSweepEvaluationMeetsTheEvaluation(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "support_chat.yaml")
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	knobs := sweep.Knobs()
	if len(knobs) < 3 {
		t.Fatalf("%d sweepable knobs, want dedup, min tokens and the RAG budget at least", len(knobs))
	}
	for _, k := range knobs {
		sw, err := sweep.Evaluation(ev, k)
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
		if !sw.AssemblerCut || p.SentAfterCut != sentAfterCut(ev) {
			t.Errorf("%s at %v: the sweep counts %d documents sent after the assembler's cut (counted: %v), the evaluation's assembly %d",
				k.Flag, p.Value, p.SentAfterCut, sw.AssemblerCut, sentAfterCut(ev))
		}
	}
	dedup, err := sweep.KnobByFlag("dedup-threshold")
	if err != nil {
		t.Fatal(err)
	}
	sw, err := sweep.Evaluation(ev, dedup)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sw.Points); n != 51 || sw.Points[0].Value != 0.5 || sw.Points[7].Value != 0.57 || sw.Points[n-1].Value != 1 {
		t.Errorf("dedup sweep values: %d points, %v, %v ... %v", n, sw.Points[0].Value, sw.Points[7].Value, sw.Points[n-1].Value)
	}
	if _, err := sweep.KnobByFlag("shingle-size"); err == nil {
		t.Error("shingle-size is not sweepable, yet was accepted")
	}
}

// sentAfterCut counts the evaluation's cited documents that its assembly
// sends, whole or cut: what the workbench's strip shows after the
// assembler.
func sentAfterCut(ev *core.Evaluation) int {
	n := 0
	for _, i := range ev.Build.Trace.Cited {
		if ev.RAGSurvival[i] != core.SurvivedLost {
			n++
		}
	}
	return n
}

// TestSweepCountsWhatTheAssemblerSends: at every fifth value of every
// knob the sweep's count after the assembler's cut is the one an
// evaluation at that value makes from its own assembly, in the sample
// whose block the assembler cuts, with its model's tokenizer and with the
// heuristic (counted from words, not text); with the request measured as
// sent, nothing is cut and none is counted.
func TestSweepCountsWhatTheAssemblerSends(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "support_chat.yaml")
	heuristic := sc.Settings
	heuristic.Pipeline.Tokenizer = tokens.Heuristic{}
	for _, settings := range []core.Settings{sc.Settings, heuristic} {
		sweepCountsWhatTheAssemblerSends(t, sc, settings)
	}
}

func sweepCountsWhatTheAssemblerSends(t *testing.T, sc *core.Scenario, settings core.Settings) {
	ctx := context.Background()
	ev, err := core.Evaluate(ctx, core.EvalInput{Scenario: sc}, settings)
	if err != nil {
		t.Fatal(err)
	}
	cuts := 0 // values checked where the cut leaves a document out
	for _, k := range sweep.Knobs() {
		sw, err := sweep.Evaluation(ev, k)
		if err != nil {
			t.Fatalf("%s: %v", k.Flag, err)
		}
		// Every fifth value, and the ends: each is a whole evaluation.
		for i, p := range sw.Points {
			if i%5 != 0 && i != len(sw.Points)-1 {
				continue
			}
			s := settings
			if err := k.Set(&s, core.KnobValue{Int: int(math.Round(p.Value)), Float: p.Value}, core.KnobContext{}); err != nil {
				t.Fatalf("%s = %v: %v", k.Flag, p.Value, err)
			}
			at, err := core.Evaluate(ctx, core.EvalInput{Scenario: sc, Analysis: ev.Analysis}, s)
			if err != nil {
				t.Fatalf("%s = %v: %v", k.Flag, p.Value, err)
			}
			if len(at.Build.IncludedDocs) > sentAfterCut(at) {
				cuts++
			}
			if want := sentAfterCut(at); p.SentAfterCut != want || p.Sent != len(at.Build.IncludedDocs) {
				t.Errorf("%s, %s = %v: sweep %d in block, %d sent; evaluation %d in block, %d sent", settings.Pipeline.Tokenizer.Name(), k.Flag, p.Value, p.Sent, p.SentAfterCut, len(at.Build.IncludedDocs), want)
			}
		}
	}
	if cuts < 5 {
		t.Errorf("%s: only %d values checked where the assembler's cut leaves a document out", settings.Pipeline.Tokenizer.Name(), cuts)
	}
	measured := settings
	measured.Mode = window.MeasureOnly
	mev, err := core.Evaluate(ctx, core.EvalInput{Scenario: sc, Analysis: ev.Analysis}, measured)
	if err != nil {
		t.Fatal(err)
	}
	dedup, _ := sweep.KnobByFlag("dedup-threshold")
	sw, err := sweep.Evaluation(mev, dedup)
	if err != nil {
		t.Fatal(err)
	}
	if sw.AssemblerCut {
		t.Error("measured as sent, the sweep counts an assembler's cut")
	}
	for _, p := range sw.Points {
		if p.SentAfterCut != p.Sent {
			t.Errorf("measured as sent, at %v: %d sent of %d in block", p.Value, p.SentAfterCut, p.Sent)
		}
	}
}
