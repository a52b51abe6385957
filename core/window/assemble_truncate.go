package window

import "ctxlab/core/tokens"

// articleTruncate is the article's truncate_to_token_limit, including
// what Python's slices do with an allocation of zero or below:
//
//	tokens[:max_tokens]   keep="start"
//	tokens[-max_tokens:]  keep="end"
//
// With max_tokens == 0 and keep="end" the slice is tokens[-0:], which is
// tokens[0:]: the whole text survives a zero allocation. A negative
// allocation keeps len(tokens)+max_tokens tokens from the kept end.
// The test helper articleAssemble reproduces this;
// Assemble calls it with pythonSlices false and a zero allocation drops
// the text: ctxlab's choice, reading the article's zero allocations
// (document_qa's tool results) as "none of this component".
func articleTruncate(tok tokens.Tokenizer, text string, maxTokens int, keep tokens.Keep, pythonSlices bool) string {
	if !pythonSlices || maxTokens > 0 {
		return tok.Truncate(text, maxTokens, keep)
	}
	n := tok.Count(text)
	if n <= maxTokens {
		return text
	}
	if maxTokens == 0 {
		if keep == tokens.KeepEnd {
			return text
		}
		return ""
	}
	if kept := n + maxTokens; kept > 0 {
		return tok.Truncate(text, kept, keep)
	}
	return ""
}

// zeroAllocationKeepsAll reports whether the article's code would keep a
// component whole although its allocation is zero (see articleTruncate).
func zeroAllocationKeepsAll(allocation int, keep tokens.Keep, raw int) bool {
	return allocation == 0 && keep == tokens.KeepEnd && raw > 0
}
