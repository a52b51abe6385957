package window

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
)

// articleAssemble is the article's ContextAssembler.assemble, reproduced
// exactly: the system prompt and tool definitions keep their start, the
// tools follow "\n\nAvailable tools:\n" in the system message, retrieved
// context is a system message after "Relevant context:\n", history is one
// assistant message keeping its end, tool results keep their end after
// "Tool results:\n", and the user query is never cut. Like the article it
// does not validate the budget, and like Python's slices a zero allocation
// keeps history or tool results whole (see articleTruncate).
//
// When the summed content tokens exceed b.MaxInput() the error is an
// *OverflowError and the messages are returned all the same, so a caller
// can show what overflowed. Only tests call it: it is the oracle that
// holds layoutArticle, and through it Assemble, to the article.
func articleAssemble(b ContextBudget, c ArticleComponents, tok tokens.Tokenizer) ([]ChatMessage, error) {
	layout := layoutArticle(b, c, tok, true)
	if total := articleTotal(layout.messages, tok); total > b.MaxInput() {
		return layout.messages, &OverflowError{Total: total, MaxInput: b.MaxInput()}
	}
	return layout.messages, nil
}

// heuristicCase is the worked example the article tests share: every
// component over its allocation except the query, which is never cut.
func heuristicCase() (ContextBudget, ArticleComponents) {
	b := ContextBudget{TotalWindow: 100, SystemPrompt: 10, ToolDefinitions: 5, ConversationHistory: 6,
		RetrievedContext: 8, ToolResults: 4, UserQuery: 3, ResponseReserve: 10}
	c := ArticleComponents{
		SystemPrompt:        testtext.PaddedWords("s", 20), // 26 tokens -> int(10/1.3) = 7 words kept
		ToolDefinitions:     testtext.PaddedWords("t", 10), // 13 -> 3 words
		ConversationHistory: testtext.PaddedWords("h", 10), // 13 -> last 4 words
		RetrievedContext:    testtext.PaddedWords("r", 10), // 13 -> 6 words
		ToolResults:         testtext.PaddedWords("x", 5),  // 6 -> last 3 words
		UserQuery:           testtext.PaddedWords("q", 5),  // 6, never cut
	}
	return b, c
}

func TestAssembleArticleHeuristic(t *testing.T) {
	b, c := heuristicCase()
	got, err := articleAssemble(b, c, tokens.Heuristic{})
	if err != nil {
		t.Fatalf("articleAssemble: %v", err)
	}
	want := []ChatMessage{
		{Role: "system", Content: "s01 s02 s03 s04 s05 s06 s07\n\nAvailable tools:\nt01 t02 t03"},
		{Role: "system", Content: "Relevant context:\nr01 r02 r03 r04 r05 r06"},
		{Role: "assistant", Content: "h07 h08 h09 h10"},
		{Role: "system", Content: "Tool results:\nx03 x04 x05"},
		{Role: "user", Content: "q01 q02 q03 q04 q05"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("messages:\n got %#v\nwant %#v", got, want)
	}
	// 15 + 10 + 5 + 6 + 6 = 42 tokens of content.
	if total := articleTotal(got, tokens.Heuristic{}); total != 42 {
		t.Errorf("total = %d, want 42", total)
	}
}

func TestAssembleArticleOverflow(t *testing.T) {
	b, c := heuristicCase()
	b.TotalWindow = 40 // max input 30 < 42
	got, err := articleAssemble(b, c, tokens.Heuristic{})
	var overflow *OverflowError
	if !errors.As(err, &overflow) {
		t.Fatalf("error = %v, want *OverflowError", err)
	}
	if err.Error() != "Context exceeds budget: 42 > 30" {
		t.Errorf("error text = %q", err)
	}
	if overflow.Total != 42 || overflow.MaxInput != 30 {
		t.Errorf("overflow = %+v", overflow)
	}
	if len(got) != 5 {
		t.Errorf("messages not returned with the error: %d", len(got))
	}
}

func TestAssembleArticleSkipsEmptyComponents(t *testing.T) {
	b, _ := heuristicCase()
	cases := []struct {
		name string
		c    ArticleComponents
		want []ChatMessage
	}{
		{"query only", ArticleComponents{UserQuery: "hi"},
			[]ChatMessage{{Role: "system"}, {Role: "user", Content: "hi"}}},
		{"nothing at all", ArticleComponents{},
			[]ChatMessage{{Role: "system"}, {Role: "user"}}},
		{"tools without system prompt", ArticleComponents{ToolDefinitions: "t", UserQuery: "q"},
			[]ChatMessage{{Role: "system", Content: "\n\nAvailable tools:\nt"}, {Role: "user", Content: "q"}}},
		{"history and query", ArticleComponents{SystemPrompt: "be brief", ConversationHistory: "user: a\nassistant: b", UserQuery: "q"},
			[]ChatMessage{{Role: "system", Content: "be brief"}, {Role: "assistant", Content: "user: a\nassistant: b"}, {Role: "user", Content: "q"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := articleAssemble(b, c.c, tokens.Heuristic{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
}

// TestAssembleArticlePythonSlices pins the article's behaviour at an
// allocation of 0: keep="start" gives tokens[:0] (nothing) but keep="end"
// gives tokens[-0:] (everything), so document_qa's tool_results = 0 keeps
// every tool result.
func TestAssembleArticlePythonSlices(t *testing.T) {
	b, _ := Preset(PresetDocumentQA)
	b.ConversationHistory = 0
	c := ArticleComponents{
		SystemPrompt:        "answer from the context",
		ToolDefinitions:     "lookup(order_id)",
		ConversationHistory: "user: hello there",
		ToolResults:         "order ORD-1 shipped",
		UserQuery:           "where is it?",
	}
	got, err := articleAssemble(b, c, tokens.Heuristic{})
	if err != nil {
		t.Fatal(err)
	}
	want := []ChatMessage{
		{Role: "system", Content: "answer from the context\n\nAvailable tools:\n"},
		{Role: "assistant", Content: "user: hello there"},
		{Role: "system", Content: "Tool results:\norder ORD-1 shipped"},
		{Role: "user", Content: "where is it?"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v\nwant %#v", got, want)
	}
}

func TestArticleTruncate(t *testing.T) {
	text := testtext.PaddedWords("w", 10) // 13 heuristic tokens
	cases := []struct {
		name   string
		max    int
		keep   tokens.Keep
		python bool
		want   string
	}{
		{"fits", 13, tokens.KeepEnd, true, text},
		{"start", 4, tokens.KeepStart, true, "w01 w02 w03"},
		{"end", 4, tokens.KeepEnd, true, "w08 w09 w10"},
		{"zero start", 0, tokens.KeepStart, true, ""},
		{"zero end python", 0, tokens.KeepEnd, true, text},
		{"zero end sane", 0, tokens.KeepEnd, false, ""},
		// tokens[:-3] keeps 13-3 = 10 tokens: int(10/1.3) = 7 words.
		{"negative start", -3, tokens.KeepStart, true, "w01 w02 w03 w04 w05 w06 w07"},
		// tokens[3:] keeps the last 10 tokens.
		{"negative end", -3, tokens.KeepEnd, true, "w04 w05 w06 w07 w08 w09 w10"},
		{"negative beyond length", -20, tokens.KeepEnd, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := articleTruncate(tokens.Heuristic{}, text, c.max, c.keep, c.python); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestAssembleArticleO200K(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	b := ContextBudget{TotalWindow: 1000, SystemPrompt: 4, ToolDefinitions: 100, ConversationHistory: 2,
		RetrievedContext: 3, ToolResults: 2, UserQuery: 1, ResponseReserve: 100}
	c := ArticleComponents{
		SystemPrompt:        "You are a support agent.", // 6 tokens
		ToolDefinitions:     `[{"type":"function"}]`,    // fits
		ConversationHistory: "one two three four five",  // 5 tokens, keep the end
		RetrievedContext:    "one two three four five",  // keep the start
		ToolResults:         "one two three four five",
		UserQuery:           "Where is my order ORD-1234?", // over its 1 token, never cut
	}
	got, err := articleAssemble(b, c, tok)
	if err != nil {
		t.Fatal(err)
	}
	want := []ChatMessage{
		{Role: "system", Content: "You are a support" + "\n\nAvailable tools:\n" + `[{"type":"function"}]`},
		{Role: "system", Content: "Relevant context:\none two three"},
		{Role: "assistant", Content: " four five"}, // BPE keeps the space that starts the token
		{Role: "system", Content: "Tool results:\n four five"},
		{Role: "user", Content: "Where is my order ORD-1234?"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v\nwant %#v", got, want)
	}

	b.TotalWindow, b.ResponseReserve = 20, 1
	total := articleTotal(got, tok)
	_, err = articleAssemble(b, c, tok)
	if want := fmt.Sprintf("Context exceeds budget: %d > 19", total); err == nil || err.Error() != want {
		t.Errorf("overflow error = %v, want %q", err, want)
	}
}
