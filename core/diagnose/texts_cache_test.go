package diagnose

import (
	"reflect"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// Findings made with a shared Texts, carried from one Build to the next
// as the workbench does, are exactly those made without it; a Texts made
// for another document slice is not used.
func TestSharedTextsGiveTheSameFindings(t *testing.T) {
	docs := benchDocs(400)
	shared := NewTexts(docs)
	a := pipeline.Analyze(docs)
	for _, threshold := range []float64{0.8, 0.95, 0.8, 0.5} {
		opts := pipeline.DefaultOptions()
		opts.Tokenizer, _ = tokens.ByName(tokens.TokenizerHeuristic)
		opts.Budget = 6_000
		opts.DedupThreshold = threshold
		res, err := pipeline.Build(a, opts)
		if err != nil {
			t.Fatal(err)
		}
		in := Input{Documents: docs, Build: res, Pipeline: opts.Settings, RAGBudget: opts.Budget}
		want := Diagnose(in)
		in.Texts = shared
		if got := Diagnose(in); !reflect.DeepEqual(got, want) {
			t.Fatalf("threshold %v: with the shared texts\n%v\nwithout\n%v", threshold, got, want)
		}
		if len(want) == 0 {
			t.Fatalf("threshold %v: no findings; the test compares nothing", threshold)
		}
	}
	if len(shared.words) == 0 || len(shared.sims)+len(shared.diffs) == 0 {
		t.Fatal("the shared texts were not used")
	}
	copied := append([]value.Document(nil), docs...)
	if shared.serves(copied) || !shared.serves(docs) {
		t.Fatal("a Texts must serve its own slice and no other")
	}
}
