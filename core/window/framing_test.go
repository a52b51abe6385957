package window

import (
	"testing"

	"ctxlab/core/tokens"
)

// framingTokens is the framing of messages sent to model, counted with the
// model's tokenizer, or o200k_base for a model ctxlab does not know (the
// cookbook's fallback too). Contents plus framingTokens is the cookbook's
// num_tokens_from_messages.
func framingTokens(messages []ChatMessage, model string) int {
	tok, err := tokens.ForModel(model)
	if err != nil {
		tok = tokens.BuiltinTokenizers[tokens.TokenizerO200K]
	}
	return FramingForModel(model).Tokens(messages, tok)
}

// framingCookbookMessages is the example conversation of OpenAI's cookbook
// "How to count tokens with tiktoken", section 6.
func framingCookbookMessages() []ChatMessage {
	return []ChatMessage{
		{Role: "system", Content: "You are a helpful, pattern-following assistant that translates corporate jargon into plain English."},
		{Role: "system", Name: "example_user", Content: "New synergies will help drive top-line growth."},
		{Role: "system", Name: "example_assistant", Content: "Things working well together will increase revenue."},
		{Role: "system", Name: "example_user", Content: "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage."},
		{Role: "system", Name: "example_assistant", Content: "Let's talk later when we're less busy about how to do better."},
		{Role: "user", Content: "This late pivot means we don't have time to boil the ocean for the client deliverable."},
	}
}

// TestFramingCookbookExample reproduces the cookbook's published totals,
// which it checked against the API's usage.prompt_tokens: 129 for
// gpt-3.5-turbo and gpt-4-0613 (cl100k_base), 124 for gpt-4o and
// gpt-4o-mini (o200k_base: same framing, fewer content tokens) and 127 for
// gpt-3.5-turbo-0301 (4 per message, -1 per name).
func TestFramingCookbookExample(t *testing.T) {
	cases := []struct {
		model           string
		content, frame  int
		total           int
		framingExpected Framing
	}{
		{"gpt-3.5-turbo-0301", 88, 39, 127, FramingGPT35Turbo301},
		{"gpt-3.5-turbo", 88, 41, 129, FramingCurrent},
		{"gpt-4-0613", 88, 41, 129, FramingCurrent},
		{"gpt-4", 88, 41, 129, FramingCurrent},
		{"gpt-4o", 83, 41, 124, FramingCurrent},
		{"gpt-4o-mini", 83, 41, 124, FramingCurrent},
		{"openai:gpt-4o-2024-08-06", 83, 41, 124, FramingCurrent},
	}
	msgs := framingCookbookMessages()
	for _, c := range cases {
		t.Run(c.model, func(t *testing.T) {
			if f := FramingForModel(c.model); f != c.framingExpected {
				t.Errorf("FramingForModel = %+v, want %+v", f, c.framingExpected)
			}
			tok, err := tokens.ForModel(c.model)
			if err != nil {
				t.Fatal(err)
			}
			content := articleTotal(msgs, tok)
			frame := framingTokens(msgs, c.model)
			if content != c.content || frame != c.frame || content+frame != c.total {
				t.Errorf("content %d + framing %d = %d, want %d + %d = %d",
					content, frame, content+frame, c.content, c.frame, c.total)
			}
		})
	}
}

func TestFramingTokens(t *testing.T) {
	h := tokens.Heuristic{} // every role and short name is one heuristic token
	cases := []struct {
		name string
		msgs []ChatMessage
		f    Framing
		want int
	}{
		{"no messages: reply priming only", nil, FramingCurrent, 3},
		{"one message", []ChatMessage{{Role: "user", Content: "a b c d e f"}}, FramingCurrent, 3 + 1 + 3},
		{"name", []ChatMessage{{Role: "system", Name: "ex", Content: "x"}}, FramingCurrent, 3 + 1 + 1 + 1 + 3},
		{"0301 name", []ChatMessage{{Role: "system", Name: "ex", Content: "x"}}, FramingGPT35Turbo301, 4 + 1 + 1 - 1 + 3},
		{"tool call id counted, tool calls not", []ChatMessage{
			{Role: "assistant", ToolCalls: []byte(`[{"id":"c1"}]`)},
			{Role: "tool", ToolCallID: "c1", Content: "ok"},
		}, FramingCurrent, (3 + 1) + (3 + 1 + 1) + 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.f.Tokens(c.msgs, h); got != c.want {
				t.Errorf("Tokens = %d, want %d", got, c.want)
			}
		})
	}
	// An unknown model falls back to o200k_base and the current framing.
	if got, want := framingTokens(framingCookbookMessages(), "my-local-llama"), 41; got != want {
		t.Errorf("unknown model framing = %d, want %d", got, want)
	}
}
