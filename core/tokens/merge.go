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
// A merge replaces the pair at p by a longer part, whose pairs with its
// neighbours are new strings, hence new ranks: a heap entry whose rank no
// longer matches its position's current pair is stale and skipped.
func bytePairMerge(piece string, ranks map[string]int, emit func(token string)) {
	m := mergePool.Get().(*merger)
	defer mergePool.Put(m)
	m.reset(len(piece))

	// start[p] is where part p begins; next and prev link the live parts;
	// part len(piece) is the end sentinel.
	rankOf := func(p int) int {
		q := m.next[p]
		if q >= len(piece) {
			return noRank
		}
		if r, ok := ranks[piece[p:m.next[q]]]; ok {
			return r
		}
		return noRank
	}
	for p := 0; p < len(piece); p++ {
		m.pairRank[p] = rankOf(p)
		if m.pairRank[p] != noRank {
			m.queue = append(m.queue, pairEntry{rank: m.pairRank[p], pos: int32(p)})
		}
	}
	m.queue.init()
	for len(m.queue) > 0 {
		e := m.queue.pop()
		p := int(e.pos)
		if m.removed[p] || m.pairRank[p] != e.rank {
			continue
		}
		// Join part p with the part after it.
		q := m.next[p]
		m.removed[q] = true
		m.next[p] = m.next[q]
		if m.next[q] <= len(piece) {
			m.prev[m.next[q]] = p
		}
		m.rerank(p, rankOf(p))
		if p > 0 {
			m.rerank(m.prev[p], rankOf(m.prev[p]))
		}
	}
	for p := 0; p < len(piece); p = m.next[p] {
		emit(piece[p:m.next[p]])
	}
}

// merger is bytePairMerge's working memory, pooled: most pieces are short
// and merged by the thousand.
type merger struct {
	next, prev []int
	pairRank   []int
	removed    []bool
	queue      pairQueue
}

var mergePool = sync.Pool{New: func() any { return new(merger) }}

func (m *merger) reset(n int) {
	if cap(m.next) < n+1 {
		m.next = make([]int, n+1)
		m.prev = make([]int, n+1)
		m.pairRank = make([]int, n+1)
		m.removed = make([]bool, n+1)
	}
	m.next, m.prev, m.pairRank, m.removed = m.next[:n+1], m.prev[:n+1], m.pairRank[:n+1], m.removed[:n+1]
	for p := 0; p <= n; p++ {
		m.next[p], m.prev[p], m.pairRank[p], m.removed[p] = p+1, p-1, noRank, false
	}
	m.queue = m.queue[:0]
}

// rerank records part p's new pair rank and queues it.
func (m *merger) rerank(p, rank int) {
	m.pairRank[p] = rank
	if rank != noRank {
		m.queue.push(pairEntry{rank: rank, pos: int32(p)})
	}
}

type pairEntry struct {
	rank int
	pos  int32
}

// pairQueue is a binary min-heap of pairs: lowest rank first, then
// leftmost. It is written out rather than built on container/heap, whose
// interface boxes every entry pushed.
type pairQueue []pairEntry

func (e pairEntry) before(f pairEntry) bool {
	return e.rank < f.rank || (e.rank == f.rank && e.pos < f.pos)
}

func (q pairQueue) init() {
	for i := len(q)/2 - 1; i >= 0; i-- {
		q.down(i)
	}
}

func (q *pairQueue) push(e pairEntry) {
	*q = append(*q, e)
	h := *q
	for i := len(h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h[i].before(h[parent]) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
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
	for {
		least, left, right := i, 2*i+1, 2*i+2
		if left < len(q) && q[left].before(q[least]) {
			least = left
		}
		if right < len(q) && q[right].before(q[least]) {
			least = right
		}
		if least == i {
			return
		}
		q[i], q[least] = q[least], q[i]
		i = least
	}
}
