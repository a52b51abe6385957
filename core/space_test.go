package core

import (
	"context"
	"fmt"
	"math"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/memory"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// spaceScenario is an agent loop measured as sent: a short history, a
// query, and tool results of very different sizes.
func spaceScenario() (*Scenario, Settings) {
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Mode = window.MeasureOnly
	s.Budget.TotalWindow, s.Budget.ResponseReserve = 20_000, 4_000
	s.Query = "book the cheapest flight"
	sc := &Scenario{
		Settings:     s,
		SystemPrompt: testtext.Words(50, "s"),
		History: []value.Message{
			{Role: "user", Content: testtext.Words(10, "u")},
			{Role: "assistant", Content: testtext.Words(40, "a")},
		},
		ToolResults: []window.ToolResult{
			{Name: "search_flights", Content: testtext.Words(900, "f"), ToolCallID: "c1"},
			{Name: "get_weather", Content: testtext.Words(30, "w"), ToolCallID: "c2"},
			{Name: "search_hotels", Content: testtext.Words(400, "h"), ToolCallID: "c3"},
		},
	}
	return sc, s
}

func evaluated(t *testing.T, sc *Scenario, s Settings) *Evaluation {
	t.Helper()
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func evaluateSpace(t *testing.T, sc *Scenario, s Settings) []SpaceItem {
	t.Helper()
	return evaluated(t, sc, s).Space()
}

func TestSpaceRanksLargestFirstWithShares(t *testing.T) {
	sc, s := spaceScenario()
	items := evaluateSpace(t, sc, s)
	for i := 1; i < len(items); i++ {
		if items[i].Tokens > items[i-1].Tokens {
			t.Fatalf("item %d (%s, %d) ranks below a smaller one (%s, %d)", i, items[i].Label, items[i].Tokens, items[i-1].Label, items[i-1].Tokens)
		}
	}
	results, _ := evaluated(t, sc, s).Assembly.Component(window.ComponentToolResults)
	if first := items[0]; first.Kind != window.ItemComponent || first.Label != "tool results" || first.Tokens != results.Used {
		t.Errorf("first: %+v", first)
	}
	var toolResults []SpaceItem
	for _, it := range items {
		if math.Abs(it.ShareOfWindow-float64(it.Tokens)/20_000) > 1e-12 || math.Abs(it.ShareOfInput-float64(it.Tokens)/16_000) > 1e-12 {
			t.Errorf("%s: shares %v of the window, %v of the input for %d tokens", it.Label, it.ShareOfWindow, it.ShareOfInput, it.Tokens)
		}
		if it.Component == window.ComponentReserve {
			t.Errorf("the reserve is listed: %+v", it)
		}
		if it.Kind == window.ItemToolResult {
			toolResults = append(toolResults, it)
		}
	}
	want := []string{"tool result 1: search_flights (message 5)", "tool result 3: search_hotels (message 7)", "tool result 2: get_weather (message 6)"}
	if len(toolResults) != len(want) {
		t.Fatalf("tool results: %+v", toolResults)
	}
	for i, w := range want {
		if toolResults[i].Label != w {
			t.Errorf("tool result ranked %d is %q, want %q", i+1, toolResults[i].Label, w)
		}
	}
	if want := tokens.HeuristicTokens(900); toolResults[0].Ref != 0 || toolResults[0].Tokens != want {
		t.Errorf("largest tool result: %+v, want %d tokens", toolResults[0], want)
	}
}

func TestSortSpaceOrders(t *testing.T) {
	sc, s := spaceScenario()
	items := evaluateSpace(t, sc, s)

	SortSpace(items, ByOrder)
	for i, it := range items {
		if it.Order != i {
			t.Fatalf("request order: item %d has order %d", i, it.Order)
		}
	}
	if items[0].Label != "system prompt" {
		t.Errorf("request order starts with %q", items[0].Label)
	}

	SortSpace(items, ByKind)
	rank := map[window.ItemKind]int{}
	for i, k := range window.ItemKinds {
		rank[k] = i
	}
	for i := 1; i < len(items); i++ {
		a, b := items[i-1], items[i]
		if rank[a.Kind] > rank[b.Kind] || (a.Kind == b.Kind && a.Tokens < b.Tokens) {
			t.Fatalf("by kind: %s %q (%d) before %s %q (%d)", a.Kind, a.Label, a.Tokens, b.Kind, b.Label, b.Tokens)
		}
	}
}

// TestSpaceCountsDocumentsAsSent: each cited document costs its piece of
// the retrieved context; once the assembler cuts the block, documents
// past the cut cost nothing and say what was cut.
func TestSpaceCountsDocumentsAsSent(t *testing.T) {
	var docs []value.Document
	for i := 0; i < 8; i++ {
		docs = append(docs, value.Document{Content: testtext.Words(80+10*i, fmt.Sprintf("d%d_", i)), Score: 0.9 - float64(i)/20, Source: fmt.Sprintf("kb/%d.md", i)})
	}
	s := DefaultSettings()
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Query = "refunds"
	s.Budget.RetrievedContext = 5_000
	sc := &Scenario{Documents: docs, Settings: s}

	documents := func(items []SpaceItem) (sent, cut int, n int) {
		for _, it := range items {
			if it.Kind == window.ItemDocument {
				sent += it.Tokens
				cut += it.Cut
				n++
			}
		}
		return sent, cut, n
	}
	items := evaluateSpace(t, sc, s)
	sent, cut, n := documents(items)
	rag := 0
	for _, it := range items {
		if it.Component == window.ComponentRAG && it.Kind == window.ItemComponent {
			rag = it.Tokens
		}
	}
	if n != len(docs) || cut != 0 || sent == 0 || sent > rag {
		t.Errorf("whole block: %d documents, %d sent, %d cut; the component is %d", n, sent, cut, rag)
	}
	var largest SpaceItem
	for _, it := range items {
		if it.Kind == window.ItemDocument {
			largest = it
			break
		}
	}
	if largest.Name() != "#8 kb/7.md" || largest.Ref != 7 {
		t.Errorf("largest document: %+v", largest)
	}

	// Headers the reference does not budget push its block past the
	// allocation, and the assembler cuts it: the documents past the cut
	// are listed with nothing sent.
	var many []value.Document
	for i := 0; i < 12; i++ {
		many = append(many, value.Document{Content: testtext.Words(80, fmt.Sprintf("d%d_", i)), Score: 1 - float64(i)/20, Source: fmt.Sprintf("kb/%d.md", i)})
	}
	s.Pipeline.Tokenizer = tokens.Heuristic{}
	s.Budget.RetrievedContext = 600
	sc = &Scenario{Documents: many, Settings: s}
	ev, err := Evaluate(context.Background(), EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.RAGSurvival) == 0 {
		t.Fatal("the assembler did not cut the block")
	}
	items = ev.Space()
	sent, cut, _ = documents(items)
	if cut == 0 || sent > 600 {
		t.Errorf("cut block: %d sent, %d cut", sent, cut)
	}
	for _, it := range items {
		if it.Kind == window.ItemDocument && ev.RAGSurvival[it.Ref] == SurvivedLost && (it.Tokens != 0 || it.Cut == 0) {
			t.Errorf("%s was lost but costs %d (cut %d)", it.Label, it.Tokens, it.Cut)
		}
	}
}

// TestSpaceNumbersMessagesAsTheInputDoes: a memory strategy hands the
// assembler fewer messages, pinned ones first in the article's order;
// each is still named by its number in the scenario's history, and a
// dropped message is not listed.
func TestSpaceNumbersMessagesAsTheInputDoes(t *testing.T) {
	var history []value.Message
	for i := 0; i < 12; i++ {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		history = append(history, value.Message{Role: role, Content: fmt.Sprintf("turn%d ", i) + testtext.Words(30+i, fmt.Sprintf("w%d_", i))})
	}
	history[1].Content = "ORD-1234 " + history[1].Content
	for _, referenceOrder := range []bool{false, true} {
		s := DefaultSettings()
		s.Pipeline.Tokenizer = tokens.Heuristic{}
		s.Memory = memory.Settings{Strategy: memory.Priority, Patterns: []string{`ORD-\d+`}, ReferenceOrder: referenceOrder}
		s.Budget.ConversationHistory = 260
		s.Query = "where is my order?"
		ev := evaluated(t, &Scenario{History: history, Settings: s}, s)

		listed := map[int]bool{}
		for _, it := range ev.Space() {
			if it.Kind != window.ItemMessage {
				continue
			}
			if it.Ref < 0 || it.Ref >= len(history) {
				t.Fatalf("reference order %v: %q refers to message %d", referenceOrder, it.Label, it.Ref)
			}
			if want := fmt.Sprintf("message %d (%s)", it.Ref+1, history[it.Ref].Role); it.Label != want {
				t.Errorf("reference order %v: %q, want %q", referenceOrder, it.Label, want)
			}
			listed[it.Ref] = true
		}
		for _, f := range ev.Memory.Fates {
			inPrompt := f.Fate == memory.Kept || f.Fate == memory.Pinned
			if listed[f.Index] != inPrompt {
				t.Errorf("reference order %v: message %d is %s but listed = %v", referenceOrder, f.Index+1, f.Fate, listed[f.Index])
			}
		}
		if !listed[1] || listed[0] {
			t.Errorf("reference order %v: the pinned message 2 listed %v, the dropped message 1 listed %v", referenceOrder, listed[1], listed[0])
		}
	}
}
