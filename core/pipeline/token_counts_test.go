package pipeline

import (
	"math"
	"testing"
	"unsafe"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// ints is c as a slice, for tests to compare.
func (c TokenCounts) ints() []int {
	out := make([]int, c.Len())
	for i := range out {
		out[i] = c.At(i)
	}
	return out
}

// tokenCountsOf holds counts, for a trace made in a test.
func tokenCountsOf(counts ...int) TokenCounts {
	c := newTokenCounts(len(counts))
	for i, n := range counts {
		c.set(i, n)
	}
	return c
}

// TestTokenCountsTakeFourBytesADocument: the counts the workbench keeps
// for every document, under each tokenizer counted, are 4 bytes each.
func TestTokenCountsTakeFourBytesADocument(t *testing.T) {
	var c TokenCounts
	if size := unsafe.Sizeof(c.n[0]); size != 4 {
		t.Errorf("a count takes %d bytes, want 4", size)
	}
	a := Analyze(make([]value.Document, 1000))
	if got := cap(a.Tokens(tokens.Heuristic{}).n); got != 1000 {
		t.Errorf("%d counts held for 1,000 documents", got)
	}
}

// TestTokenCountsSaturate: a count beyond what 4 bytes hold (a document
// of 4 GiB or more, which a test cannot afford to count) is kept as the
// largest count, never wrapped round to a small one; a negative count,
// which no tokenizer gives, is kept as 0.
func TestTokenCountsSaturate(t *testing.T) {
	cases := []struct{ in, want int }{
		{0, 0},
		{7, 7},
		{math.MaxInt32 + 1, math.MaxInt32 + 1},
		{MaxTokenCount, MaxTokenCount},
		{MaxTokenCount + 1, MaxTokenCount},
		{1 << 40, MaxTokenCount},
		{math.MaxInt, MaxTokenCount},
		{-1, 0},
	}
	c := newTokenCounts(len(cases))
	for i, k := range cases {
		c.set(i, k.in)
		if got := c.At(i); got != k.want {
			t.Errorf("a count of %d is kept as %d, want %d", k.in, got, k.want)
		}
	}
}
