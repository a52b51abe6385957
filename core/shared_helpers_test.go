// The tests of core share these helpers with the tests of
// core/memory/strategy_test.go. Test files cannot import each other across
// packages, so coresplit copied them here; change them in both places.

package core

import (
	"strings"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
)

// memWords counts one token per whitespace-separated word, so the memory
// tests can state budgets in words.
type memWords struct{}

func (memWords) Name() string { return "words" }

func (memWords) Exact() bool { return true }

func (memWords) Count(text string) int { return pycompat.WordCount(text) }

func (memWords) Truncate(text string, maxTokens int, keep tokens.Keep) string {
	words := pycompat.Split(text)
	if len(words) <= maxTokens {
		return text
	}
	maxTokens = max(maxTokens, 0)
	if keep == tokens.KeepEnd {
		return strings.Join(words[len(words)-maxTokens:], " ")
	}
	return strings.Join(words[:maxTokens], " ")
}
