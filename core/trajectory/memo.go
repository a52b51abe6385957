package trajectory

import (
	"errors"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// memoTokenizer remembers every count for the life of a trajectory, so a
// text the turns repeat is encoded once.
type memoTokenizer struct {
	tokens.Tokenizer
	counts map[string]int
}

func newMemoTokenizer(tok tokens.Tokenizer) *memoTokenizer {
	return &memoTokenizer{Tokenizer: tok, counts: map[string]int{}}
}

// Count implements tokens.Tokenizer.
func (m *memoTokenizer) Count(text string) int {
	if n, ok := m.counts[text]; ok {
		return n
	}
	n := m.Tokenizer.Count(text)
	m.counts[text] = n
	return n
}

// Truncate implements tokens.Tokenizer.
func (m *memoTokenizer) Truncate(text string, maxTokens int, keep tokens.Keep) string {
	if m.Count(text) <= maxTokens {
		return text
	}
	return m.Tokenizer.Truncate(text, maxTokens, keep)
}

func asOverflow(err error, target **window.OverflowError) bool { return errors.As(err, target) }
