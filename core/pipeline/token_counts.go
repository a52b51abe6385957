package pipeline

import "math"

// TokenCounts are a document set's token counts under one tokenizer, by
// input index, 4 bytes a document: a million documents' counts are 4 MB
// where []int held 8, and the workbench holds them for as long as it is
// open (two tokenizers' while a vocabulary's counts are made beside the
// heuristic's). The zero value holds no counts.
type TokenCounts struct {
	n []uint32
}

// MaxTokenCount is the largest count TokenCounts keeps; a larger count
// is kept as this. No tokenizer counts more tokens than a text has bytes,
// so only a document of 4 GiB or more reaches it, which nothing loads
// without --max-input-size above its 2 GiB default; such a document is
// over any budget at this count as at its own.
const MaxTokenCount = math.MaxUint32

// newTokenCounts is n documents' counts, all 0 until set.
func newTokenCounts(n int) TokenCounts {
	return TokenCounts{n: make([]uint32, n)}
}

// Len is the number of documents counted.
func (c TokenCounts) Len() int { return len(c.n) }

// At is document i's count, 0 <= i < Len().
func (c TokenCounts) At(i int) int { return int(c.n[i]) }

// set stores document i's count n, at most MaxTokenCount: a count that
// does not fit is held at the largest that does, never wrapped round to
// a small one that would let the document into a budget.
func (c TokenCounts) set(i, n int) {
	c.n[i] = uint32(min(uint64(max(n, 0)), MaxTokenCount))
}
