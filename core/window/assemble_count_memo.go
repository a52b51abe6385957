package window

import "ctxlab/core/tokens"

// countMemo remembers token counts for the length of one Assemble
// call. The same texts are counted several times there (a component for
// its report, again as a message for the total, and before truncating),
// and BPE counting is what an assembly spends its time on.
type countMemo struct {
	tokens.Tokenizer
	counts map[string]int
}

func newCountMemo(tok tokens.Tokenizer) *countMemo {
	return &countMemo{Tokenizer: tok, counts: make(map[string]int, 16)}
}

// Count implements Tokenizer.
func (m *countMemo) Count(text string) int {
	if n, ok := m.counts[text]; ok {
		return n
	}
	n := m.Tokenizer.Count(text)
	m.counts[text] = n
	return n
}

// Truncate implements Tokenizer. Text that fits is returned unchanged, as
// every Tokenizer does, but without encoding it a second time.
func (m *countMemo) Truncate(text string, maxTokens int, keep tokens.Keep) string {
	if m.Count(text) <= maxTokens {
		return text
	}
	return m.Tokenizer.Truncate(text, maxTokens, keep)
}
