package core_test

import (
	"context"
	"testing"
	"time"

	"ctxlab/core"
)

// BenchmarkCompare is the workbench's cost of the Compare view per
// evaluation: the sample request against a baseline whose retrieved
// context is five times larger.
func BenchmarkCompare(b *testing.B) {
	sc := sampleScenario(b, "support_chat.yaml")
	in := core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}
	baseline, err := core.Evaluate(context.Background(), in, sc.Settings)
	if err != nil {
		b.Fatal(err)
	}
	s := sc.Settings
	s.Budget.RetrievedContext = 300
	current, err := core.Evaluate(context.Background(), in, s)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if c := core.Compare(baseline, current); len(c.Documents) == 0 {
			b.Fatal("no document changed")
		}
	}
}
