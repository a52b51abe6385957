package core

import (
	"context"
	"testing"

	"ctxlab/core/pipeline"
)

// TestEvaluationNumbering: an evaluation of the scenario's documents in
// its order holds no numbering, and each position is its own input
// index; a reranked selection and the rag builder's top_k map each
// position to the document's input index.
func TestEvaluationNumbering(t *testing.T) {
	sc, s := fidelityScenario(12)
	s.Builder = BuilderContextManager
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc, Analysis: pipeline.Analyze(sc.Documents)}, s)
	if err != nil {
		t.Fatal(err)
	}
	if !ev.InInputOrder() || ev.docIndex != nil {
		t.Errorf("in input order, the evaluation holds a numbering of %d", len(ev.docIndex))
	}
	for i := range ev.Documents {
		if ev.InputIndex(i) != i {
			t.Errorf("in input order, document %d is input %d", i, ev.InputIndex(i))
		}
	}

	selected := func(name string, s Settings) {
		t.Helper()
		ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
		if err != nil {
			t.Fatal(err)
		}
		if ev.InInputOrder() || len(ev.Documents) >= len(sc.Documents) {
			t.Fatalf("%s: %d of %d documents, in input order %v", name, len(ev.Documents), len(sc.Documents), ev.InInputOrder())
		}
		for i, d := range ev.Documents {
			if in := ev.InputIndex(i); sc.Documents[in].Source != d.Source {
				t.Errorf("%s: document %d (%s) is numbered as input %d (%s)", name, i, d.Source, in, sc.Documents[in].Source)
			}
		}
	}
	rag := s
	rag.Builder = BuilderSimpleRAG
	selected("top_k", rag)
	reranked := s
	reranked.Rerank, reranked.Query, reranked.FinalK = true, "d7_", 3
	selected("reranked", reranked)
}
