package core

import (
	"context"
	"fmt"
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// TestEvaluationFindsDistanceLikeScores: the workbench's findings (an
// Evaluation's) warn of distances read as similarities, and stop under
// --scores distance, which also sends the lowest score first.
func TestEvaluationFindsDistanceLikeScores(t *testing.T) {
	var docs []value.Document
	for i := range 5 {
		docs = append(docs, value.Document{Content: testtext.Words(20, fmt.Sprintf("d%d_", i)), Score: 0.1 + float64(i)/10, Source: fmt.Sprintf("kb/%d.md", i)})
	}
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Pipeline.LostInMiddle = false
	sc := &Scenario{Documents: docs, Settings: s}
	has := func(ev *Evaluation) bool {
		for _, f := range ev.Findings {
			if f.Code == diagnose.CodeScoresLookLikeDistances {
				return true
			}
		}
		return false
	}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if !has(ev) {
		t.Errorf("no distance finding among %+v", ev.Findings)
	}
	s.Pipeline.Scores = pipeline.ScoresDistance
	ev, err = Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if has(ev) || ev.Build.Trace.Cited[0] != 0 {
		t.Errorf("under distances: finding %v, cited %v", has(ev), ev.Build.Trace.Cited)
	}
}
