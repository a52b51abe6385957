package core_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/internal/racetest"
)

// randomBytes feeds the fuzz generators from a seeded source, so the
// property tests walk many random inputs and replay the same ones on
// every run. The vocabulary makes duplicates and overflows common.
func randomBytes(rng *rand.Rand, n int) []byte {
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(rng.UintN(256))
	}
	return data
}

// TestBuildInvariantsOnRandomInput: exactly one fate per document, no two
// kept documents alike by hash or Jaccard, reordering a permutation, a
// strict block within its budget, and the same bytes when built again.
func TestBuildInvariantsOnRandomInput(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 2026))
	checked, strict := 0, 0
	for range racetest.Cut(400, 3) {
		b := &fuzzBytes{data: randomBytes(rng, 1500)}
		s := fuzzSettings(b)
		if s.Validate() != nil {
			continue
		}
		sc := fuzzScenario(b, "")
		opts := pipeline.Options{Settings: s.Pipeline, Budget: b.small(), Query: fuzzText(b, "")}
		if rng.IntN(2) == 0 {
			opts.BudgetMode = pipeline.BudgetStrict
			strict++
		}
		res, err := pipeline.Build(pipeline.Analyze(sc.Documents), opts)
		if err != nil {
			t.Fatal(err)
		}
		checkBuild(t, sc.Documents, opts, res)
		again, _ := pipeline.Build(pipeline.Analyze(sc.Documents), opts)
		if again.ContextBlock != res.ContextBlock {
			t.Fatalf("the same input built twice differs:\n%q\n%q", res.ContextBlock, again.ContextBlock)
		}
		checked++
	}
	// The generator must reach the invariants, not only the refusals.
	if checked < racetest.Cut(200, 3) || strict < racetest.Cut(50, 3) {
		t.Fatalf("only %d random cases validated (%d strict)", checked, strict)
	}
}

// TestEvaluationInvariantsOnRandomInput: the assembled total is the sum of
// its parts, a fix that says it fits does fit, and the same input and
// settings give the same bytes.
func TestEvaluationInvariantsOnRandomInput(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(12, 2026))
	evaluated, overflowing, fitting := 0, 0, 0
	for range 60 {
		b := &fuzzBytes{data: randomBytes(rng, 1500)}
		s := fuzzSettings(b)
		if s.Validate() != nil {
			continue
		}
		in := core.EvalInput{Scenario: fuzzScenario(b, ""), Now: fuzzNow, RequestID: "property"}
		ev, err := core.Evaluate(context.Background(), in, s)
		if err != nil {
			continue // an item edit naming an item the input lacks
		}
		checkAssembly(t, ev)
		if ev.Overflow != nil {
			overflowing++
		}
		fitting += checkFixes(t, in, ev)
		again, err := core.Evaluate(context.Background(), in, s)
		if err != nil {
			t.Fatal(err)
		}
		if evaluationBytes(t, ev) != evaluationBytes(t, again) {
			t.Fatal("the same input evaluated twice differs")
		}
		evaluated++
	}
	if evaluated < 20 || overflowing < 3 || fitting < 3 {
		t.Fatalf("only %d random evaluations (%d overflowing, %d fixes that fit)", evaluated, overflowing, fitting)
	}
}
