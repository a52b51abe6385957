package tokens

// Memo is a Tokenizer that remembers every count it makes, for a caller
// that counts the same texts again and again: an assembly counts a
// component for its report, again as a message and before truncating; a
// trajectory's turns repeat the turns before them. It keeps every text it
// counted alive for as long as it lives, so it lives as long as one such
// job. It is not safe for concurrent use.
type Memo struct {
	Tokenizer
	counts map[string]int
}

// NewMemo returns a Memo counting with tok.
func NewMemo(tok Tokenizer) *Memo {
	return &Memo{Tokenizer: tok, counts: make(map[string]int, 16)}
}

// Count implements Tokenizer.
func (m *Memo) Count(text string) int {
	if n, ok := m.counts[text]; ok {
		return n
	}
	n := m.Tokenizer.Count(text)
	m.counts[text] = n
	return n
}

// Truncate implements Tokenizer. Text that fits is returned unchanged, as
// every Tokenizer does, but without encoding it a second time.
func (m *Memo) Truncate(text string, maxTokens int, keep Keep) string {
	if m.Count(text) <= maxTokens {
		return text
	}
	return m.Tokenizer.Truncate(text, maxTokens, keep)
}
