package tokens

import "sync"

// noRank marks a pair of parts that is not a token, so never merges.
const noRank = -1

// bytePairMerge splits piece into its tokens and calls emit with each
// token's bytes, in order. It makes the merges tiktoken's _byte_pair_merge
// makes, in the same order: repeatedly the adjacent pair whose joined
// bytes have the lowest rank, the leftmost of equal ranks. tiktoken (and
// tiktoken-go) rescan every pair after each merge, quadratic in the
// piece's length, so a line of 50,000 '=' took seconds; here the pairs
// wait in a min-heap ordered by (rank, position) over a linked list of
// parts, and a merge re-ranks only its two neighbours: O(n log n).
//
// A merge replaces the pair at p by a longer part, whose pairs with its
// neighbours are new, longer strings, hence new ranks: a heap entry whose
// rank no longer matches its position's current pair is stale and
// skipped. maxLen is the longest token's length: a longer pair is no
// token, without asking the table.
func bytePairMerge(piece string, ranks *rankTable, maxLen int, emit func(token string)) {
	if len(piece) <= smallPieceBytes {
		mergeSmall(piece, ranks, emit)
		return
	}
	heapMerge(piece, ranks, maxLen, emit)
}

// heapMerge is bytePairMerge's O(n log n) merge.
func heapMerge(piece string, ranks *rankTable, maxLen int, emit func(token string)) {
	m := mergePool.Get().(*merger)
	defer mergePool.Put(m)
	n := int32(len(piece))
	m.reset(len(piece))

	// next and prev link the live parts by their start; n is the end.
	rankOf := func(p int32) int32 {
		q := m.next[p]
		if q >= n {
			return noRank
		}
		end := m.next[q]
		if int(end-p) > maxLen {
			return noRank
		}
		if r, ok := ranks.rank(piece[p:end]); ok {
			return int32(r)
		}
		return noRank
	}
	for p := int32(0); p < n; p++ {
		m.pairRank[p] = rankOf(p)
		if m.pairRank[p] != noRank {
			m.queue = append(m.queue, queued(m.pairRank[p], p))
		}
	}
	m.queue.init()
	for len(m.queue) > 0 {
		rank, p := m.queue.pop().split()
		if m.removed[p] || m.pairRank[p] != rank {
			continue
		}
		// Join part p with the part after it.
		q := m.next[p]
		m.removed[q] = true
		m.next[p] = m.next[q]
		if m.next[q] < n {
			m.prev[m.next[q]] = p
		}
		m.rerank(p, rankOf(p))
		if p > 0 {
			m.rerank(m.prev[p], rankOf(m.prev[p]))
		}
	}
	for p := int32(0); p < n; p = m.next[p] {
		emit(piece[p:m.next[p]])
	}
}

// merger is bytePairMerge's working memory, pooled: most pieces are short
// and merged by the thousand.
type merger struct {
	next, prev []int32
	pairRank   []int32
	removed    []bool
	queue      pairQueue
}

var mergePool = sync.Pool{New: func() any { return new(merger) }}

func (m *merger) reset(n int) {
	if cap(m.next) < n+1 {
		m.next = make([]int32, n+1)
		m.prev = make([]int32, n+1)
		m.pairRank = make([]int32, n+1)
		m.removed = make([]bool, n+1)
	}
	m.next, m.prev, m.pairRank, m.removed = m.next[:n+1], m.prev[:n+1], m.pairRank[:n+1], m.removed[:n+1]
	for p := range int32(n + 1) {
		m.next[p], m.prev[p], m.pairRank[p], m.removed[p] = p+1, p-1, noRank, false
	}
	// Each merge pops one pair and pushes at most two, so the queue
	// never holds more than 2n entries: room for them up front saves
	// copying a long piece's queue as it grows.
	if cap(m.queue) < 2*n {
		m.queue = make(pairQueue, 0, 2*n)
	}
	m.queue = m.queue[:0]
}

// rerank records part p's new pair rank and queues it.
func (m *merger) rerank(p, rank int32) {
	m.pairRank[p] = rank
	if rank != noRank {
		m.queue.push(queued(rank, p))
	}
}

// pairEntry is a queued pair, rank in the high half and position in the
// low: one integer comparison orders by rank, then leftmost, and a heap
// of a million pairs stays compact.
type pairEntry uint64

func queued(rank, pos int32) pairEntry { return pairEntry(uint64(rank)<<32 | uint64(uint32(pos))) }

func (e pairEntry) split() (rank, pos int32) { return int32(e >> 32), int32(uint32(e)) }

// pairQueue is a binary min-heap, written out rather than built on
// container/heap, whose interface boxes every entry pushed.
type pairQueue []pairEntry

func (q pairQueue) init() {
	for i := len(q)/2 - 1; i >= 0; i-- {
		q.down(i)
	}
}

func (q *pairQueue) push(e pairEntry) {
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

func (q *pairQueue) pop() pairEntry {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	*q = h[:last]
	q.down(0)
	return top
}

func (q pairQueue) down(i int) {
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
