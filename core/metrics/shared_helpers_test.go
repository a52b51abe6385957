// The tests of core/metrics share these helpers with the tests of
// core/window/assemble_article_test.go, core/window/assemble_test.go.
// Test files cannot import each other across packages, so coresplit copied
// them here; change them in both places.

package metrics

import (
	"encoding/json"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// heuristicCase is the worked example the article tests share: every
// component over its allocation except the query, which is never cut.
func heuristicCase() (window.ContextBudget, window.ArticleComponents) {
	b := window.ContextBudget{TotalWindow: 100, SystemPrompt: 10, ToolDefinitions: 5, ConversationHistory: 6,
		RetrievedContext: 8, ToolResults: 4, UserQuery: 3, ResponseReserve: 10}
	c := window.ArticleComponents{
		SystemPrompt:        testtext.PaddedWords("s", 20), // 26 tokens -> int(10/1.3) = 7 words kept
		ToolDefinitions:     testtext.PaddedWords("t", 10), // 13 -> 3 words
		ConversationHistory: testtext.PaddedWords("h", 10), // 13 -> last 4 words
		RetrievedContext:    testtext.PaddedWords("r", 10), // 13 -> 6 words
		ToolResults:         testtext.PaddedWords("x", 5),  // 6 -> last 3 words
		UserQuery:           testtext.PaddedWords("q", 5),  // 6, never cut
	}
	return b, c
}

// asmInput is the structured twin of heuristicCase: the same budget, and
// components that render to the same token counts.
func asmInput(mode window.Mode) window.Input {
	b, _ := heuristicCase()
	return window.Input{
		Budget:       b,
		Tokenizer:    tokens.Heuristic{},
		UseCase:      "support_chat",
		Mode:         mode,
		SystemPrompt: testtext.PaddedWords("s", 20),
		Tools:        []json.RawMessage{json.RawMessage(`{ "description": "` + testtext.PaddedWords("t", 10) + `" }`)},
		History: []value.Message{
			{Role: "user", Content: testtext.PaddedWords("h", 4)},
			{Role: "assistant", Content: testtext.PaddedWords("k", 4)},
		},
		ToolResults:      []window.ToolResult{{Name: "lookup", Content: testtext.PaddedWords("x", 4), ToolCallID: "call_1"}},
		UserQuery:        testtext.PaddedWords("q", 5),
		RetrievedContext: testtext.PaddedWords("r", 10),
	}
}
