package window

import (
	"strings"
	"testing"
	"unsafe"

	"ctxlab/core/tokens"
)

// TestHeadedContextIsTheRAGMessage: a block kept whole is sent in the
// headed string it is the tail of, not copied behind the heading; a
// block cut, or a headed string of another text, is headed as before.
func TestHeadedContextIsTheRAGMessage(t *testing.T) {
	b := ContextBudget{TotalWindow: 100_000, SystemPrompt: 100, ToolDefinitions: 100, ConversationHistory: 100,
		RetrievedContext: 1_000, ToolResults: 100, UserQuery: 100, ResponseReserve: 100}
	headed := ArticleRAGHeading + "--- Source [1] kb/a.md ---\nParis is the capital of France."
	block := headed[len(ArticleRAGHeading):]
	for _, c := range []struct {
		name, block, headed string
		budget              int
		shared              bool
	}{
		{"kept whole", block, headed, 1_000, true},
		{"cut", block, headed, 3, false},
		{"another text", block, ArticleRAGHeading + strings.ToUpper(block), 1_000, false},
		{"no headed string", block, "", 1_000, false},
	} {
		b.RetrievedContext = c.budget
		comps := ArticleComponents{UserQuery: "q", RetrievedContext: c.block, headedRAG: c.headed}
		rag := layoutArticle(b, comps, tokens.Heuristic{}, false).messages[1].Content
		kept := articleTruncate(tokens.Heuristic{}, c.block, c.budget, tokens.KeepStart, false)
		if want := ArticleRAGHeading + kept; rag != want {
			t.Errorf("%s: RAG message %q, want %q", c.name, rag, want)
		}
		if shared := unsafe.StringData(rag) == unsafe.StringData(headed); shared != c.shared {
			t.Errorf("%s: the message is the headed string: %v, want %v", c.name, shared, c.shared)
		}
	}
}
