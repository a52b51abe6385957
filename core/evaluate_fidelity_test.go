package core

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

func fidelityScenario(n int) (*Scenario, Settings) {
	var docs []value.Document
	for i := range n {
		docs = append(docs, value.Document{Content: testtext.Words(20, fmt.Sprintf("d%d_", i)), Score: 0.99 - float64(i)/100, Source: fmt.Sprintf("doc%d", i)})
	}
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Builder = BuilderSimpleRAG
	return &Scenario{Documents: docs, Settings: s}, s
}

// The article's RAGContextManager sees vector_store.search(limit=top_k):
// with its default of 10, the eleventh document never reaches it.
func TestRAGBuilderSeesTheTopKDocuments(t *testing.T) {
	sc, s := fidelityScenario(12)
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.RAGTopK != 10 || len(ev.Documents) != 10 || len(ev.SimpleRAG.Chunks) != 10 {
		t.Fatalf("top_k %d: the builder saw %d documents, formatted %d", s.RAGTopK, len(ev.Documents), len(ev.SimpleRAG.Chunks))
	}
	if strings.Contains(ev.RAGBlock(), "doc10") || !strings.Contains(strings.Join(ev.Notes, "\n"), "top_k of 10 passed it the 10 highest-scoring of 12 documents") {
		t.Errorf("notes %q", ev.Notes)
	}
	s.RAGTopK = 12
	if ev, _ = Evaluate(context.Background(), EvalInput{Scenario: sc}, s); len(ev.SimpleRAG.Chunks) != 12 {
		t.Errorf("top_k 12 formatted %d", len(ev.SimpleRAG.Chunks))
	}
}

// retrieve_with_reranking formats the reranker's order: the document
// BM25 ranks first is Source 1 even when its retrieval score is lower.
func TestRerankedOrderReachesTheRAGBuilder(t *testing.T) {
	sc, s := fidelityScenario(5)
	sc.Documents[3].Content = "refund policy refund window refund " + sc.Documents[3].Content
	s.Rerank, s.Query, s.FinalK = true, "refund policy", 3
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Rerank.Selected[0].Source != "doc3" || ev.SimpleRAG.Chunks[0].Source != "doc3" {
		t.Fatalf("reranked first %s, formatted first %s", ev.Rerank.Selected[0].Source, ev.SimpleRAG.Chunks[0].Source)
	}
	for i, c := range ev.SimpleRAG.Chunks {
		if c.Source != ev.Rerank.Selected[i].Source {
			t.Errorf("chunk %d is %s, the reranker's %d is %s", i, c.Source, i, ev.Rerank.Selected[i].Source)
		}
	}
}

// With the content-only total the request is checked as the article
// checks it: message contents against the max input, framing not
// counted, so a request its framing pushes over fits.
func TestContentOnlyTotalReproducesTheArticlesDecision(t *testing.T) {
	sc, s := fidelityScenario(3)
	s.Query = "a question"
	framed, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	contents := framed.Assembly.ArticleTotal
	if framed.Assembly.Used <= contents {
		t.Fatalf("framed total %d is not above the contents' %d", framed.Assembly.Used, contents)
	}
	// Allocations of what each component uses, and a max input between
	// the two totals: over with framing, within on contents.
	for _, c := range []struct{ component, knob string }{{window.ComponentSystem, "system"}, {window.ComponentTools, "tools"},
		{window.ComponentHistory, "history"}, {window.ComponentRAG, "rag"}, {window.ComponentToolResults, "tool-results"},
		{window.ComponentQuery, "query-budget"}} {
		used, _ := framed.Assembly.Component(c.component)
		k, v := KnobByID(c.knob), KnobValue{Int: used.Used}
		if err := k.Check(v); err != nil {
			t.Fatal(err)
		}
		if err := k.Set(&s, v, KnobContext{}); err != nil {
			t.Fatal(err)
		}
	}
	s.Budget.ResponseReserve = s.Budget.TotalWindow - (contents+framed.Assembly.Used)/2
	over, _ := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	s.ContentOnlyTotal = true
	article, _ := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if over.Overflow == nil || article.Overflow != nil || article.Assembly.Used != contents {
		t.Errorf("framed overflow %v; content-only overflow %v, total %d, want %d", over.Overflow, article.Overflow, article.Assembly.Used, contents)
	}
}
