package tokens

// pairEntry is a queued pair, rank in the high half and position in the
// low: one integer comparison orders by rank, then leftmost, and a heap
// of a million pairs stays compact.
type pairEntry uint64

func queued(rank, pos int32) pairEntry { return pairEntry(uint64(rank)<<32 | uint64(uint32(pos))) }

func (e pairEntry) split() (rank, pos int32) { return int32(e >> 32), int32(uint32(e)) }

// pairHeap is the queue of pieces shorter than longPieceBytes (merge.go).
type pairHeap = minHeap[pairEntry]

// minHeap is a binary min-heap of integers, written out rather than built
// on container/heap, whose interface boxes every entry pushed. It holds
// the pairs of a short piece and the ranks of a long one's buckets.
type minHeap[E ~uint64] []E

func (q minHeap[E]) init() {
	for i := len(q)/2 - 1; i >= 0; i-- {
		q.down(i)
	}
}

func (q *minHeap[E]) push(e E) {
	*q = append(*q, e)
	h := *q
	i := len(h) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if h[parent] <= e {
			break
		}
		h[i] = h[parent]
		i = parent
	}
	h[i] = e
}

func (q *minHeap[E]) pop() E {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	*q = h[:last]
	q.down(0)
	return top
}

func (q minHeap[E]) down(i int) {
	if i >= len(q) {
		return
	}
	e := q[i]
	for {
		child := 2*i + 1
		if child >= len(q) {
			break
		}
		if right := child + 1; right < len(q) && q[right] < q[child] {
			child = right
		}
		if e <= q[child] {
			break
		}
		q[i] = q[child]
		i = child
	}
	q[i] = e
}
