package core

import (
	"testing"

	"ctxlab/core/value"
)

func TestEvaluatedIndexFindsADocumentInEitherNumbering(t *testing.T) {
	inOrder := &Evaluation{Documents: make([]value.Document, 3)}
	for scenarioDoc, want := range map[int]int{0: 0, 2: 2, 3: -1, -1: -1} {
		doc, ok := inOrder.EvaluatedIndex(scenarioDoc)
		if doc != want || ok != (want >= 0) {
			t.Errorf("in input order %d: %d, %v; want %d", scenarioDoc, doc, ok, want)
		}
	}
	reranked := &Evaluation{Documents: make([]value.Document, 3), docIndex: []int{4, 0, 7}}
	for scenarioDoc, want := range map[int]int{4: 0, 0: 1, 7: 2, 3: -1, -1: -1, 9: -1} {
		doc, ok := reranked.EvaluatedIndex(scenarioDoc)
		if doc != want || ok != (want >= 0) {
			t.Errorf("reranked %d: %d, %v; want %d", scenarioDoc, doc, ok, want)
		}
	}
}
