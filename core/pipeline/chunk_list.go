package pipeline

import "math/bits"

// chunkList is a list that grows a chunk at a time: growing it never
// copies what it holds nor leaves behind the array a doubling append
// discards, so a list whose length is not known until it is filled
// costs its length and at most one chunk more. The chunks double from
// a small first one up to a largest size, so a short list stays small
// and a long one is made in few allocations: each can start a
// collection when the heap is at its soft limit, as it is while an
// index's hashes are live.
type chunkList[T any] struct {
	chunks [][]T
	n      int
}

const (
	chunkFirstBits = 10 // the first chunk's entries: 1 << chunkFirstBits
	chunkLastBits  = 20 // the largest chunk's
	// doublingChunks is how many chunks double before the size stays,
	// and doublingEntries how many entries they hold.
	doublingChunks  = chunkLastBits - chunkFirstBits
	doublingEntries = 1<<chunkLastBits - 1<<chunkFirstBits
)

func (l *chunkList[T]) add(v T) {
	if k := len(l.chunks); k == 0 || len(l.chunks[k-1]) == cap(l.chunks[k-1]) {
		l.chunks = append(l.chunks, make([]T, 0, 1<<(chunkFirstBits+min(k, doublingChunks))))
	}
	last := len(l.chunks) - 1
	l.chunks[last] = append(l.chunks[last], v)
	l.n++
}

// at is entry i: chunk k < doublingChunks starts at (1<<k - 1) first
// chunks' sizes, and the chunks after those are all the largest size.
func (l *chunkList[T]) at(i int) T {
	if i < doublingEntries {
		k := bits.Len(uint(i>>chunkFirstBits+1)) - 1
		return l.chunks[k][i-(1<<(chunkFirstBits+k)-1<<chunkFirstBits)]
	}
	j := i - doublingEntries
	return l.chunks[doublingChunks+j>>chunkLastBits][j&(1<<chunkLastBits-1)]
}

func (l *chunkList[T]) len() int { return l.n }
