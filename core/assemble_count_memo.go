package core

// assembleCountMemo remembers token counts for the length of one Assemble
// call. The same texts are counted several times there (a component for
// its report, again as a message for the total, and before truncating),
// and BPE counting is what an assembly spends its time on.
type assembleCountMemo struct {
	Tokenizer
	counts map[string]int
}

func newAssembleCountMemo(tok Tokenizer) *assembleCountMemo {
	return &assembleCountMemo{Tokenizer: tok, counts: make(map[string]int, 16)}
}

// Count implements Tokenizer.
func (m *assembleCountMemo) Count(text string) int {
	if n, ok := m.counts[text]; ok {
		return n
	}
	n := m.Tokenizer.Count(text)
	m.counts[text] = n
	return n
}

// Truncate implements Tokenizer. Text that fits is returned unchanged, as
// every Tokenizer does, but without encoding it a second time.
func (m *assembleCountMemo) Truncate(text string, maxTokens int, keep Keep) string {
	if m.Count(text) <= maxTokens {
		return text
	}
	return m.Tokenizer.Truncate(text, maxTokens, keep)
}
