package core

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/alloctest"
)

// builtScenario has documents enough that the builder cuts and notes.
func builtScenario(builder RAGBuilder) (*Scenario, Settings) {
	var docs []value.Document
	for i := range 8 {
		docs = append(docs, value.Document{Content: testtext.Words(80, fmt.Sprintf("d%d_", i)), Score: 1 - float64(i)/20, Source: fmt.Sprintf("kb/%d.md", i)})
	}
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Builder = builder
	s.RAGTopK = 5
	s.Budget.RetrievedContext = 600
	return &Scenario{Documents: docs, Settings: s}, s
}

// TestEvaluateTakesTheBuilderResult: an evaluation given another mode's
// builder result shares its block, reports as one that built its own,
// and refuses a result built under other settings.
func TestEvaluateTakesTheBuilderResult(t *testing.T) {
	ctx := context.Background()
	for _, builder := range RAGBuilders.Values {
		sc, s := builtScenario(builder)
		measure := s
		measure.Mode = window.MeasureOnly
		measured, err := Evaluate(ctx, EvalInput{Scenario: sc, SkipFindings: true}, measure)
		if err != nil {
			t.Fatal(err)
		}
		if measured.Findings != nil {
			t.Errorf("%s: findings made though skipped: %v", builder, measured.Findings)
		}
		own, err := Evaluate(ctx, EvalInput{Scenario: sc}, s)
		if err != nil {
			t.Fatal(err)
		}
		taken, err := Evaluate(ctx, EvalInput{Scenario: sc, Built: measured.Built()}, s)
		if err != nil {
			t.Fatal(err)
		}
		if block := taken.RAGBlock(); block == "" || unsafe.StringData(block) != unsafe.StringData(measured.RAGBlock()) {
			t.Errorf("%s: the block was built again, not taken", builder)
		}
		if !reflect.DeepEqual(taken.Notes, own.Notes) || !reflect.DeepEqual(taken.Findings, own.Findings) ||
			!reflect.DeepEqual(taken.Assembly, own.Assembly) || !reflect.DeepEqual(taken.RAGSurvival, own.RAGSurvival) {
			t.Errorf("%s: taking the builder result changed the evaluation", builder)
		}
		other := s
		other.Budget.RetrievedContext++
		if _, err := Evaluate(ctx, EvalInput{Scenario: sc, Built: measured.Built()}, other); err == nil {
			t.Errorf("%s: a builder result taken under another allocation", builder)
		}
	}
}

// TestRAGSurvivalDoesNotCopyALongSource: finding where each cited
// document starts in a cut block measures its citation header; it wrote
// the header, copying a source as long as a document.
func TestRAGSurvivalDoesNotCopyALongSource(t *testing.T) {
	source := "kb/" + strings.Repeat("a ", 2<<20)
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	docs := []value.Document{{Content: "Paris is the capital of France.", Score: 0.9, Source: source}, {Content: "Berlin is the capital of Germany.", Score: 0.8, Source: "kb/b.md"}}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: &Scenario{Documents: docs, Settings: s}, SkipFindings: true}, s)
	if err != nil {
		t.Fatal(err)
	}
	rag, _ := ev.Assembly.Component(window.ComponentRAG)
	if !rag.Truncated {
		t.Fatalf("the block was not cut: %+v, block %d bytes, %v", rag.Raw, len(ev.RAGBlock()), ev.Notes)
	}
	var survival map[int]CitedSurvival
	if grew := alloctest.Least(uint64(len(source))-1, func() { survival = ragSurvival(ev, rag.Text) }); grew >= uint64(len(source)) {
		t.Errorf("ragSurvival allocated %d bytes for a source of %d", grew, len(source))
	}
	if len(survival) == 0 {
		t.Error("no survival reported")
	}
	for _, c := range []struct {
		n       int
		source  string
		score   float64
		summary bool
	}{{1, "", 1, false}, {12, "kb/x.md", 0.5, true}, {3, source, 0.25, false}} {
		if got, want := pipeline.CitationHeaderLen(c.n, c.source, c.score, c.summary), len(pipeline.CitationHeader(c.n, c.source, c.score, c.summary)); got != want {
			t.Errorf("CitationHeaderLen %d, header %d bytes", got, want)
		}
	}
}
