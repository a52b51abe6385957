package window

import "ctxlab/core/tokens"

// replacingCuts is the assembly's memo with the article's cuts: a
// character a token boundary splits becomes U+FFFD, as tiktoken's decode
// writes it (tokens.TruncateReplacing), where the memo's own Truncate
// drops its bytes. Input.ReplaceSplitChars asks for it.
type replacingCuts struct{ *tokens.Memo }

// Truncate implements tokens.Tokenizer.
func (r replacingCuts) Truncate(text string, maxTokens int, keep tokens.Keep) string {
	return tokens.TruncateReplacing(r.Memo, text, maxTokens, keep)
}
