package core

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/memory"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// overAllocated is a request whose allocations (110) exceed its max
// input (90) while what each component holds, cut to its allocation,
// fits.
func overAllocated() (*Scenario, Settings) {
	sc, s := fidelityScenario(3)
	sc.SystemPrompt = testtext.PaddedWords("s", 20) // 26 tokens, allocation 10
	sc.History = []value.Message{{Role: "user", Content: testtext.PaddedWords("h", 20)}}
	s.Query = "a question"
	s.Budget = window.ContextBudget{TotalWindow: 100, SystemPrompt: 10, ConversationHistory: 10,
		RetrievedContext: 30, UserQuery: 60, ResponseReserve: 10}
	s.ContentOnlyTotal = true
	return sc, s
}

// ctxlab's default: allocations the max input cannot hold are a budget
// problem; the request is measured as sent (and the command exits 3).
func TestOverAllocatedBudgetMeasuredByDefault(t *testing.T) {
	sc, s := overAllocated()
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	var overflow *window.BudgetOverflowError
	if !errors.As(ev.BudgetProblem, &overflow) || ev.Assembly.Mode != window.MeasureOnly {
		t.Fatalf("budget problem %v, mode %s", ev.BudgetProblem, ev.Assembly.Mode)
	}
}

// --cut-overflowing-budget: the article's ContextAssembler.assemble never
// calls validate; it cuts each component to its allocation and only its
// total decides. Its Python, with the same tokenizer's cuts, is written
// out here.
func TestCutOverflowingBudgetIsTheArticles(t *testing.T) {
	sc, s := overAllocated()
	s.CutOverflowingBudget = true
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if ev.BudgetProblem != nil || ev.Overflow != nil || ev.Assembly.Mode != window.Budgeted {
		t.Fatalf("budget problem %v, overflow %v, mode %s", ev.BudgetProblem, ev.Overflow, ev.Assembly.Mode)
	}
	tok := s.Pipeline.Tokenizer
	b := s.Budget
	want := []window.ChatMessage{
		{Role: "system", Content: tok.Truncate(sc.SystemPrompt, b.SystemPrompt, tokens.KeepStart)},
		{Role: "system", Content: "Relevant context:\n" + tok.Truncate(ev.RAGBlock(), b.RetrievedContext, tokens.KeepStart)},
		{Role: "assistant", Content: tok.Truncate("user: "+sc.History[0].Content, b.ConversationHistory, tokens.KeepEnd)},
		{Role: "user", Content: s.Query},
	}
	if fmt.Sprint(ev.Assembly.Messages) != fmt.Sprint(want) {
		t.Fatalf("messages\n got %q\nwant %q", ev.Assembly.Messages, want)
	}
	if !strings.Contains(strings.Join(ev.Notes, "\n"), "Budget overflow: 110 tokens allocated, max input is 90: each component was cut to its allocation all the same") {
		t.Errorf("notes %q", ev.Notes)
	}
	// Past the max input after the cuts, it is the article's
	// ContextOverflowError, as there.
	s.Budget.TotalWindow = 40 // max input 30
	ev, err = Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Overflow == nil || ev.BudgetProblem != nil || ev.Assembly.Mode != window.Budgeted {
		t.Errorf("max input 30: overflow %v, budget problem %v", ev.Overflow, ev.BudgetProblem)
	}
}

// rerankScenario has five reranked documents of 26 tokens each and a
// retrieved-context allocation of 60.
func rerankScenario() (*Scenario, Settings) {
	sc, s := fidelityScenario(8)
	s.Rerank, s.Query, s.InitialK, s.FinalK = true, "d3_w01", 8, 5
	s.Budget.RetrievedContext = 60
	return sc, s
}

// ctxlab's default: the builder walks its budget over the reranked
// selection, so the block holds what fits and no more.
func TestRerankedSelectionBudgetedByDefault(t *testing.T) {
	sc, s := rerankScenario()
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(ev.SimpleRAG.Chunks); n != 2 {
		t.Errorf("the builder's walk kept %d chunks, want 2 (26 + 26 of 60)", n)
	}
}

// --rerank-format-all: the article's retrieve_with_reranking formats
// every selected chunk with _format_chunks, its retrieval score as the
// relevance, and hands the block to the assembler, which cuts it.
func TestRerankFormatAllIsTheArticles(t *testing.T) {
	sc, s := rerankScenario()
	s.RerankFormatAll = true
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	var formatted []string
	for i, d := range ev.Rerank.Selected {
		formatted = append(formatted, fmt.Sprintf("[Source %d: %s (relevance: %.2f)]\n%s", i+1, d.Source, d.Score, d.Content))
	}
	block := strings.Join(formatted, "\n\n---\n\n")
	if len(formatted) != 5 || ev.RAGBlock() != block {
		t.Fatalf("block\n got %q\nwant %q", ev.RAGBlock(), block)
	}
	tok := s.Pipeline.Tokenizer
	want := "Relevant context:\n" + tok.Truncate(block, s.Budget.RetrievedContext, tokens.KeepStart)
	if got := ev.Assembly.Messages[1].Content; got != want {
		t.Errorf("context message\n got %q\nwant %q", got, want)
	}
	// Whatever the builder: the article's path has no other.
	s.Builder = BuilderContextManager
	if ev, err = Evaluate(context.Background(), EvalInput{Scenario: sc}, s); err != nil || ev.RAGBlock() != block {
		t.Errorf("context_manager builder: %v, block %q", err, ev.RAGBlock())
	}
}

// The rolling summary's line reaches the request as the article's
// build_context writes it, with no "system: " in front.
func TestSummaryLineSentWithoutRole(t *testing.T) {
	sc, s := fidelityScenario(1)
	for i := range 12 {
		role := []string{"user", "assistant"}[i%2]
		sc.History = append(sc.History, value.Message{Role: role, Content: testtext.Words(6, fmt.Sprintf("m%d_", i))})
	}
	s.Memory.Strategy = memory.Summary
	s.Budget.ConversationHistory = 2000
	s.Budget.TotalWindow = 200_000
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Memory.Summary == "" {
		t.Fatal("nothing was folded")
	}
	lines := []string{"[Conversation summary: " + ev.Memory.Summary + "]"}
	for _, m := range sc.History[8:] {
		lines = append(lines, m.Role+": "+m.Content)
	}
	want := strings.Join(lines, "\n")
	var got string
	for _, m := range ev.Assembly.Messages {
		if m.Role == "assistant" {
			got = m.Content
		}
	}
	if got != want {
		t.Errorf("history message\n got %q\nwant %q", got, want)
	}
	if h, _ := ev.Assembly.Component(window.ComponentHistory); h.Used != s.Pipeline.Tokenizer.Count(want) {
		t.Errorf("history counted %d, want %d", h.Used, s.Pipeline.Tokenizer.Count(want))
	}
}

// Under --rerank-format-all no pipeline runs: its knobs say they have no
// effect (and core/sweep refuses a sweep of one).
func TestRerankFormatAllLeavesThePipelineOut(t *testing.T) {
	_, s := rerankScenario()
	s.Builder = BuilderContextManager
	dedup := KnobByID("dedup")
	if !dedup.AppliesTo(s) {
		t.Fatal("dedup has no effect under rerank without format-all")
	}
	s.RerankFormatAll = true
	if dedup.AppliesTo(s) {
		t.Error("dedup applies under rerank format-all")
	}
}
