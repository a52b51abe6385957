package core

import (
	"context"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

// TestEvaluationsShareTheIdentity: evaluations of one analysis in input
// order share one numbering rather than each making its own.
func TestEvaluationsShareTheIdentity(t *testing.T) {
	sc := &Scenario{Name: "x", Documents: []value.Document{{Content: "alpha beta", Score: 0.5}, {Content: "gamma", Score: 0.9}}, Settings: DefaultSettings()}
	a := pipeline.Analyze(sc.Documents)
	var index [][]int
	for range 2 {
		ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc, Analysis: a}, sc.Settings)
		if err != nil {
			t.Fatal(err)
		}
		index = append(index, ev.DocIndex)
	}
	if len(index[0]) != 2 || index[0][1] != 1 || &index[0][0] != &index[1][0] {
		t.Errorf("DocIndex %v and %v are not one shared identity", index[0], index[1])
	}
}
