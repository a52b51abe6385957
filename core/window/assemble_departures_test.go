package window

import (
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// splitCharsInput has every cut component end on a character that
// o200k_base splits over several tokens (𝔘, four bytes).
func splitCharsInput(t *testing.T) Input {
	t.Helper()
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	b := ContextBudget{TotalWindow: 1000, SystemPrompt: 3, ConversationHistory: 3,
		RetrievedContext: 6, UserQuery: 100, ResponseReserve: 100}
	return Input{
		Budget: b, Tokenizer: tok, Mode: Budgeted,
		SystemPrompt:     "ab 𝔘𝔙 cd",
		History:          []value.Message{{Role: "user", Content: "ab 𝔘𝔙 cd"}},
		RetrievedContext: "ab 𝔘𝔙 cd",
		UserQuery:        "where?",
	}
}

// With ReplaceSplitChars the assembler's cuts are the article's
// truncate_to_token_limit with tiktoken's decode: the oracle, the
// article's assemble, run with that cut, sends the same messages.
func TestReplaceSplitCharsIsTheArticlesCut(t *testing.T) {
	in := splitCharsInput(t)
	in.ReplaceSplitChars = true
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	want, err := articleAssemble(in.Budget, ArticleComponents{
		SystemPrompt: in.SystemPrompt, ConversationHistory: HistoryText(in.History),
		RetrievedContext: in.RetrievedContext, UserQuery: in.UserQuery,
	}, replacingCuts{tokens.NewMemo(in.Tokenizer)})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Messages, want) {
		t.Fatalf("messages:\n got %q\nwant %q", a.Messages, want)
	}
	// The article's messages themselves, spelled out: the system prompt
	// keeps "ab " and the first bytes of 𝔘, the history the last bytes
	// of 𝔙 and " cd", the context "ab 𝔘" and the start of 𝔙.
	spelled := []string{"ab \uFFFD", "Relevant context:\nab 𝔘\uFFFD", "\uFFFD\uFFFD cd", "where?"}
	for i, m := range a.Messages {
		if m.Content != spelled[i] {
			t.Errorf("message %d = %q, want %q", i+1, m.Content, spelled[i])
		}
	}
}

// By default a split character's bytes are dropped: no U+FFFD is sent.
func TestSplitCharsDroppedByDefault(t *testing.T) {
	a, err := Assemble(splitCharsInput(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ab ", "Relevant context:\nab 𝔘", " cd", "where?"}
	for i, m := range a.Messages {
		if m.Content != want[i] || strings.ContainsRune(m.Content, '\uFFFD') {
			t.Errorf("message %d = %q, want %q", i+1, m.Content, want[i])
		}
	}
}

// A rolling summary's line is folded into the history as the article's
// build_context writes it: "[Conversation summary: …]" with no role in
// front, then a "role: content" line per recent message.
func TestSummaryLineFoldedWithoutRole(t *testing.T) {
	in := asmInput(Budgeted)
	in.Budget.ConversationHistory, in.Budget.TotalWindow = 1000, 2000
	in.History = []value.Message{
		{Role: "system", Content: "[Conversation summary: user asked about ORD-1]"},
		{Role: "user", Content: "and now?"},
		{Role: "assistant", Content: "shipped"},
	}
	in.SummaryFirst = true
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = "[Conversation summary: user asked about ORD-1]\nuser: and now?\nassistant: shipped"
	var history string
	for _, m := range a.Messages {
		if m.Role == "assistant" {
			history = m.Content
		}
	}
	if history != want {
		t.Errorf("history message %q, want %q", history, want)
	}
	// Each message is an item, its line counted: the summary's bare.
	var items []Item
	for _, it := range a.Items {
		if it.Kind == ItemMessage {
			items = append(items, it)
		}
	}
	tok := in.Tokenizer
	for i, line := range strings.Split(want, "\n") {
		if i >= len(items) || items[i].Raw != tok.Count(line) {
			t.Errorf("item %d: %+v, want %d tokens for %q", i+1, items, tok.Count(line), line)
		}
	}
	in.SummaryFirst = false
	if a, _ := Assemble(in); !strings.HasPrefix(a.Messages[2].Content, "system: [Conversation summary") {
		t.Errorf("without SummaryFirst the line is an ordinary message, role and all: %q", a.Messages[2].Content)
	}
}
