package tokens

import (
	"strings"

	"ctxlab/core/pycompat"
)

// heuristicTokensPerWord is the reference's estimate of BPE
// tokens per whitespace-separated word.
const heuristicTokensPerWord = 1.3

// Heuristic is the reference's token estimate:
// int(len(text.split()) * 1.3), computed in float64 in that order.
type Heuristic struct{}

// Name implements Tokenizer.
func (Heuristic) Name() string { return TokenizerHeuristic }

// Exact implements Tokenizer: the heuristic is an estimate.
func (Heuristic) Exact() bool { return false }

// Count implements Tokenizer.
func (Heuristic) Count(text string) int {
	return HeuristicTokens(pycompat.WordCount(text))
}

func HeuristicTokens(words int) int {
	return int(float64(words) * heuristicTokensPerWord)
}

// heuristicWordsFor is the reference's int(tokens / 1.3): how many words a
// token allowance buys.
func heuristicWordsFor(tokens int) int {
	if tokens <= 0 {
		return 0
	}
	return int(float64(tokens) / heuristicTokensPerWord)
}

// HeuristicWordsFor is how many words Truncate keeps of a text it cuts
// to tokens: for a caller that knows its text's words already and needs
// only where the cut falls (the assembler's cut of a block, counted per
// sweep value and per query).
func HeuristicWordsFor(tokens int) int { return heuristicWordsFor(tokens) }

// Truncate implements Tokenizer. The kept words are joined by single
// spaces, as the reference does when it cuts a document.
func (h Heuristic) Truncate(text string, maxTokens int, keep Keep) string {
	if h.Count(text) <= maxTokens {
		return text
	}
	n := heuristicWordsFor(maxTokens)
	if keep == KeepEnd {
		// Only the kept words are split: splitting all of a 50 MB
		// message held a string header for each of its 7.7 million
		// words, 9.5 times the message at the peak.
		return strings.Join(pycompat.Split(text[pycompat.WordsStart(text, n):]), " ")
	}
	return strings.Join(pycompat.Split(text[:pycompat.WordsEnd(text, n)]), " ")
}
