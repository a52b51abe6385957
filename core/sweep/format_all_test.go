package sweep

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"ctxlab/core"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// Under --rerank-format-all no pipeline runs: a sweep of one of its knobs
// is refused rather than drawn from a builder that did not build the
// block.
func TestRerankFormatAllRefusesASweep(t *testing.T) {
	var docs []value.Document
	for i := range 8 {
		docs = append(docs, value.Document{Content: testtext.Words(20, fmt.Sprintf("d%d_", i)), Score: 0.99 - float64(i)/100, Source: fmt.Sprintf("doc%d", i)})
	}
	s := core.DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Builder = core.BuilderContextManager
	s.Rerank, s.Query, s.InitialK, s.FinalK = true, "d3_w01", 8, 5
	s.Budget.RetrievedContext = 60
	dedup := core.KnobByID("dedup")
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: &core.Scenario{Documents: docs, Settings: s}}, s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Evaluation(ev, dedup); err != nil {
		t.Fatalf("reranked without format-all, the sweep is refused: %v", err)
	}
	s.RerankFormatAll = true
	ev, err = core.Evaluate(context.Background(), core.EvalInput{Scenario: &core.Scenario{Documents: docs, Settings: s}}, s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Evaluation(ev, dedup); !errors.Is(err, errSweepFormatAll) {
		t.Errorf("sweep error %v", err)
	}
}
