package export

import (
	"context"
	"testing"
	"time"

	"ctxlab/core"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
)

// fixedNow keeps the evaluations' timestamps stable.
var fixedNow = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// sampleScenario is one of the bundled sample scenarios.
func sampleScenario(t testing.TB, name string) *core.Scenario {
	t.Helper()
	sc, err := scenarioload.LoadFS(sample.FS, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// evaluate is sc evaluated under its own settings, as the workbench's
// first evaluation is.
func evaluate(t testing.TB, sc *core.Scenario) *core.Evaluation {
	t.Helper()
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: fixedNow}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}
