package core

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/memory"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

func TestEvaluateReportsDocumentsTheAssemblerCut(t *testing.T) {
	var docs []value.Document
	for i := 0; i < 12; i++ {
		docs = append(docs, value.Document{Content: testtext.Words(80, fmt.Sprintf("d%d_", i)), Score: 1 - float64(i)/20, Source: fmt.Sprintf("kb/%d.md", i)})
	}
	for _, builder := range RAGBuilders.Values {
		s := DefaultSettings()
		s.Pipeline.Tokenizer = tokens.Heuristic{}
		s.Builder = builder
		s.Budget.RetrievedContext = 600 // the block's headers push it past 600
		if builder == BuilderSimpleRAG {
			s.Budget.RetrievedContext = 1000
		}
		sc := &Scenario{Documents: docs, Settings: s}
		ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
		if err != nil {
			t.Fatal(err)
		}
		rag, _ := ev.Assembly.Component(window.ComponentRAG)
		if !rag.Truncated {
			t.Fatalf("%s: the RAG block was not cut (%d of %d)", builder, rag.Used, rag.Allocated)
		}
		counts := map[CitedSurvival]int{}
		for _, fate := range ev.RAGSurvival {
			counts[fate]++
		}
		if counts[SurvivedWhole] == 0 || counts[SurvivedCut]+counts[SurvivedLost] == 0 {
			t.Errorf("%s: survival %v", builder, ev.RAGSurvival)
		}
		// Every document reported whole really is in the request.
		sent := ev.Assembly.Messages
		all := ""
		for _, m := range sent {
			all += m.Content
		}
		for doc, fate := range ev.RAGSurvival {
			in := strings.Contains(all, docs[doc].Content)
			if (fate == SurvivedWhole) != in {
				t.Errorf("%s: doc %d %s but in request = %v", builder, doc, fate, in)
			}
		}
	}
}

func TestMemoryLeavesRoomForRolePrefixes(t *testing.T) {
	var history []value.Message
	for i := 0; i < 60; i++ {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		history = append(history, value.Message{Role: role, Content: fmt.Sprintf("message %d about order ORD-%d and the replacement tent", i, 1000+i)})
	}
	for _, strategy := range memory.Strategies.Values {
		s := DefaultSettings()
		s.Memory.Strategy = strategy
		s.Budget.ConversationHistory = 300
		sc := &Scenario{History: history, Settings: s}
		ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
		if err != nil {
			t.Fatal(err)
		}
		h, _ := ev.Assembly.Component(window.ComponentHistory)
		// A strategy that cannot fit at all reports an overflow; one that
		// says it fits must fit as sent.
		if h.Truncated && ev.Memory.Overflow == 0 {
			t.Errorf("%s: the assembler cut the history (%d raw of %d): the strategy did not leave room for role prefixes", strategy, h.Raw, h.Allocated)
		}
	}
}

func TestEvaluateMeasuresWhenTheAllocationsOverflowTheWindow(t *testing.T) {
	s := DefaultSettings()
	s.Budget.TotalWindow = 8192 // gpt-4: the support_chat allocations no longer fit
	sc := &Scenario{History: []value.Message{{Role: "user", Content: "hello there"}}, Settings: s}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if ev.BudgetProblem == nil || !strings.HasPrefix(ev.BudgetProblem.Error(), "Budget overflow: 12300 tokens allocated, max input is 6192") {
		t.Errorf("budget problem = %v", ev.BudgetProblem)
	}
	if ev.Assembly.Mode != window.MeasureOnly || ev.Assembly.MaxInput != 6192 {
		t.Errorf("assembly mode %s max input %d", ev.Assembly.Mode, ev.Assembly.MaxInput)
	}
}

// TestMemoryOverflowSaysWhichCount: the history's overflow is reported as
// sent, and a note relates it to the strategy's count on contents.
func TestMemoryOverflowSaysWhichCount(t *testing.T) {
	var history []value.Message
	for i := 0; i < 8; i++ {
		history = append(history, value.Message{Role: "user", Content: fmt.Sprintf("ORD-%d %s", i, testtext.Words(30, "w"))})
	}
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Memory.Strategy = memory.Priority
	s.Budget.ConversationHistory = 100
	sc := &Scenario{History: history, Settings: s}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	mem := ev.Memory
	if mem.Overflow <= 0 || mem.Overflow != mem.TextTokens-100 {
		t.Fatalf("overflow %d, text %d", mem.Overflow, mem.TextTokens)
	}
	found := false
	for _, n := range mem.Notes {
		found = found || strings.Contains(n, fmt.Sprintf("%d over its 100-token allocation", mem.Overflow))
	}
	if !found {
		t.Errorf("no note relates the two counts: %q", mem.Notes)
	}
}

// TestBudgetProblemMeasuresLikeMeasureMode: a window too small for the
// allocations shows the request exactly as the measure mode does.
func TestBudgetProblemMeasuresLikeMeasureMode(t *testing.T) {
	var history []value.Message
	for i := 0; i < 40; i++ {
		history = append(history, value.Message{Role: []string{"user", "assistant"}[i%2], Content: testtext.Words(60, fmt.Sprintf("m%d_", i))})
	}
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Budget.ConversationHistory = 500
	sc := &Scenario{History: history, Settings: s}
	small := s
	small.Budget.TotalWindow = 5000
	fallback, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, small)
	if err != nil || fallback.BudgetProblem == nil {
		t.Fatalf("no budget problem: %v", err)
	}
	measure := small
	measure.Mode = window.MeasureOnly
	explicit, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, measure)
	if err != nil {
		t.Fatal(err)
	}
	if fallback.Assembly.Used != explicit.Assembly.Used || len(fallback.Memory.Messages) != len(history) {
		t.Errorf("fallback %d tokens with %d messages, measure mode %d", fallback.Assembly.Used, len(fallback.Memory.Messages), explicit.Assembly.Used)
	}
}
