package window

import "ctxlab/core/tokens"

// MessageTokens is what one message adds to a measured request's input
// tokens: its content (with an assistant's tool calls) and its framing.
// A measured Assembly's Used is its tools, the reply priming and the sum
// of MessageTokens over its Messages, so a caller that drops or replaces
// messages (a trim policy replayed over a trajectory) counts the result
// as Assemble would, without assembling it again.
func MessageTokens(m ChatMessage, f Framing, tok tokens.Tokenizer) int {
	return m.contentTokens(tok) + f.Tokens([]ChatMessage{m}, tok) - f.ReplyPriming
}
