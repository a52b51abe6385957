package pipeline

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// TestClassFinder: every position's class is the first class ending
// after it, with empty classes (no positions) anywhere, classes longer
// and shorter than a block, and none at all.
func TestClassFinder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 5))
	for trial := range 200 {
		ends := make([]int, rng.IntN(50))
		at := 0
		for c := range ends {
			switch rng.IntN(4) {
			case 0: // empty
			case 1:
				at += rng.IntN(3 << classBlockBits)
			default:
				at += rng.IntN(20)
			}
			ends[c] = at
		}
		f := newClassFinder(ends)
		for p := range at {
			want := sort.Search(len(ends), func(c int) bool { return ends[c] > p })
			if got := f.at(p); int(got) != want {
				t.Fatalf("trial %d: position %d is in class %d, the finder says %d (ends %v)", trial, p, want, got, ends)
			}
		}
	}
}

// TestChunkList: what is added is read back in order, across the
// doubling chunks and the largest ones after them.
func TestChunkList(t *testing.T) {
	t.Parallel()
	var l chunkList[int32]
	const n = doublingEntries + 2<<chunkLastBits + 17
	for i := range n {
		l.add(int32(i * 7))
	}
	if l.len() != n || len(l.chunks) != doublingChunks+3 {
		t.Fatalf("%d entries in %d chunks, want %d in %d", l.len(), len(l.chunks), n, doublingChunks+3)
	}
	for k, c := range l.chunks[:doublingChunks] {
		if cap(c) != 1<<(chunkFirstBits+k) {
			t.Fatalf("chunk %d holds %d, want %d", k, cap(c), 1<<(chunkFirstBits+k))
		}
	}
	for i := range n {
		if got := l.at(i); got != int32(i*7) {
			t.Fatalf("entry %d is %d, want %d", i, got, i*7)
		}
	}
}
