package window

import "ctxlab/core/tokens"

// messageTokens is each message's tokens as the request's total counts
// them (Assembly.MessageTokens): as rendered, when the request is
// counted as OpenAI bills it (an assistant's tool calls are then the
// calls OpenAI writes into the prompt, not the JSON of the tool_calls
// array), else the message's contents with its tool calls' JSON.
// Framing is not in it: the framing line holds it.
func messageTokens(messages []ChatMessage, rendered *OpenAIBilled, tok tokens.Tokenizer) []int {
	out := make([]int, len(messages))
	if rendered != nil && rendered.Len() == len(messages) {
		for i := range messages {
			out[i] = rendered.MessageTokens(i, tok) - rendered.MessageFraming(i, tok)
		}
		return out
	}
	for i, m := range messages {
		out[i] = m.contentTokens(tok)
	}
	return out
}

// MessageSize is message i's tokens as the total counts them
// (MessageTokens); for an Assembly not made by Assemble, which has
// none, its contents counted with tok.
func (a *Assembly) MessageSize(i int, tok tokens.Tokenizer) int {
	if len(a.MessageTokens) == len(a.Messages) {
		return a.MessageTokens[i]
	}
	return a.Messages[i].contentTokens(tok)
}
