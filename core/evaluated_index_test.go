package core

import "testing"

func TestEvaluatedIndexFindsADocumentInEitherNumbering(t *testing.T) {
	identity := &Evaluation{DocIndex: []int{0, 1, 2}}
	if doc, ok := identity.EvaluatedIndex(2); !ok || doc != 2 {
		t.Errorf("identity: %d, %v", doc, ok)
	}
	reranked := &Evaluation{DocIndex: []int{4, 0, 7}}
	for scenarioDoc, want := range map[int]int{4: 0, 0: 1, 7: 2, 3: -1, -1: -1, 9: -1} {
		doc, ok := reranked.EvaluatedIndex(scenarioDoc)
		if doc != want || ok != (want >= 0) {
			t.Errorf("reranked %d: %d, %v; want %d", scenarioDoc, doc, ok, want)
		}
	}
}
