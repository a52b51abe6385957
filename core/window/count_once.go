package window

import "ctxlab/core/tokens"

// countOnce counts the text parts join into (tokens.CountJoined) with
// the assembly's tokenizer but outside its memo: the memo keys a count
// by its text, and a long tools JSON or description counted once would
// stay alive in it for the rest of the assembly.
func countOnce(tok tokens.Tokenizer, parts ...string) int {
	switch m := tok.(type) {
	case *tokens.Memo:
		tok = m.Tokenizer
	case replacingCuts:
		tok = m.Memo.Tokenizer
	}
	return tokens.CountJoined(tok, parts)
}

// countEachOnce is countOnce of each text.
func countEachOnce(tok tokens.Tokenizer, texts []string) []int {
	counts := make([]int, len(texts))
	for i, t := range texts {
		counts[i] = countOnce(tok, t)
	}
	return counts
}
