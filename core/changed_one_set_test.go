package core_test

import (
	"cmp"
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"ctxlab/core"
)

// TestChangedDocumentsSideBySideMatchesTables: comparing two traces side
// by side finds the changes the tables by input index find, for knob
// steps that move documents between every fate, the assembler's cut of
// the block included.
func TestChangedDocumentsSideBySideMatchesTables(t *testing.T) {
	t.Parallel()
	steps := map[string]func(*core.Settings){
		"dedup threshold down": func(s *core.Settings) { s.Pipeline.DedupThreshold = 0.6 },
		"dedup threshold up":   func(s *core.Settings) { s.Pipeline.DedupThreshold = 1 },
		"minimum tokens":       func(s *core.Settings) { s.Pipeline.MinDocTokens = 60 },
		"top-k":                func(s *core.Settings) { s.Pipeline.TopK = 5 },
		"no reordering":        func(s *core.Settings) { s.Pipeline.LostInMiddle = false },
		"RAG budget halved":    func(s *core.Settings) { s.Budget.RetrievedContext /= 2 },
		"RAG budget doubled":   func(s *core.Settings) { s.Budget.RetrievedContext *= 2 },
	}
	cutSeen, compared := false, 0
	for _, name := range []string{"support_chat.yaml", "overflow.yaml", "document_qa.yaml"} {
		sc := sampleScenario(t, name)
		in := core.EvalInput{Scenario: sc, Now: time.Unix(0, 0)}
		before, err := core.Evaluate(context.Background(), in, sc.Settings)
		if err != nil {
			t.Fatal(err)
		}
		for step, change := range steps {
			s := sc.Settings
			change(&s)
			after, err := core.Evaluate(context.Background(), in, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, pair := range [][2]*core.Evaluation{{before, after}, {after, before}} {
				got, ok := core.ChangedInOneDocumentSet(pair[0], pair[1])
				oneSet := pair[0].InputAnalysis() != nil && pair[1].InputAnalysis() != nil
				if ok != oneSet {
					t.Fatalf("%s, %s: side by side %v for evaluations of the input's own documents %v", name, step, ok, oneSet)
				}
				if !ok {
					continue // reranked: only the tables serve
				}
				compared++
				cutSeen = cutSeen || pair[0].RAGSurvival != nil || pair[1].RAGSurvival != nil
				want := core.ChangedInTables(pair[0], pair[1])
				byIndex := func(a, b core.DocumentChange) int { return cmp.Compare(a.Index, b.Index) }
				slices.SortFunc(got, byIndex)
				slices.SortFunc(want, byIndex)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s, %s:\nside by side %+v\ntables       %+v", name, step, got, want)
				}
			}
		}
	}
	if compared == 0 {
		t.Error("no pair of evaluations was compared side by side")
	}
	if !cutSeen {
		t.Error("no step made the assembler cut the retrieved context, so its part was not checked")
	}
}
