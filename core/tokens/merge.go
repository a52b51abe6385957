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
// wait in a queue ordered by (rank, position) over a linked list of
// parts, and a merge re-ranks only its two neighbours. The queue is a
// binary heap (merge_heap.go) for pieces shorter than longPieceBytes
// and buckets by rank (merge_buckets.go) for longer ones, where one
// heap's sifts cost most of the merge.
//
// A merge replaces the pair at p by a longer part, whose pairs with its
// neighbours are new, longer strings, hence new ranks: a queued pair
// whose rank no longer matches its position's current pair is stale and
// skipped. maxLen is the longest token's length: a longer pair is no
// token, without asking the table.
func bytePairMerge(piece string, ranks *rankTable, maxLen int, emit func(token string)) {
	if len(piece) <= smallPieceBytes {
		mergeSmall(piece, ranks, emit)
		return
	}
	queueMerge(piece, ranks, maxLen, len(piece) >= longPieceBytes, emit)
}

// queueMerge is bytePairMerge for pieces longer than a few bytes, with
// its pairs queued in buckets by rank if long, else in a heap.
func queueMerge(piece string, ranks *rankTable, maxLen int, long bool, emit func(token string)) {
	m := mergePool.Get().(*merger)
	defer mergePool.Put(m)
	n := int32(len(piece))
	m.reset(len(piece), long)

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
		if m.long && m.partRank[p] >= 0 && m.partRank[q] >= 0 {
			return m.pairs.rank(m.partRank[p], m.partRank[q], piece[p:end], ranks)
		}
		if r, ok := ranks.rank(piece[p:end]); ok {
			return int32(r)
		}
		return noRank
	}
	if m.long {
		m.rankParts(piece, ranks)
	}
	for p := int32(0); p < n; p++ {
		m.pairRank[p] = rankOf(p)
		if m.pairRank[p] != noRank {
			m.initial(m.pairRank[p], p)
		}
	}
	if !m.long {
		m.heap.init()
	}
	for {
		rank, p, ok := m.pop()
		if !ok {
			break
		}
		if m.pairRank[p] != rank {
			continue
		}
		// Join part p with the part after it.
		q := m.next[p]
		// q is gone: no pair starts there any more, so whatever is
		// queued at q is stale.
		m.pairRank[q] = noRank
		if m.long {
			m.partRank[p] = rank
		}
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
	// long picks the queue: buckets for a piece of longPieceBytes or
	// more, the heap for shorter ones.
	long    bool
	heap    pairHeap
	buckets rankBuckets
	// A long piece's pairs are looked up by their parts' ranks:
	// partRank is each live part's token rank (noRank for a byte that
	// is no token), byteRank each byte's.
	partRank []int32
	byteRank [256]int32
	pairs    pairRanks
}

// rankParts records the rank of each byte of piece, its first parts.
func (m *merger) rankParts(piece string, ranks *rankTable) {
	var one [1]byte
	for b := range m.byteRank {
		one[0] = byte(b)
		m.byteRank[b] = noRank
		if r, ok := ranks.rank(string(one[:])); ok {
			m.byteRank[b] = int32(r)
		}
	}
	for p := range len(piece) {
		m.partRank[p] = m.byteRank[piece[p]]
	}
}

// longPieceBytes is the length from which a piece's pairs are queued in
// buckets by rank: below it, the few pairs of each rank do not pay for a
// bucket each (BenchmarkMergeQueue).
const longPieceBytes = 1024

var mergePool = sync.Pool{New: func() any { return new(merger) }}

// reset readies m for a piece of n bytes, its pairs to be queued in
// buckets if long.
func (m *merger) reset(n int, long bool) {
	if cap(m.next) < n+1 {
		m.next = make([]int32, n+1)
		m.prev = make([]int32, n+1)
		m.pairRank = make([]int32, n+1)
	}
	m.next, m.prev, m.pairRank = m.next[:n+1], m.prev[:n+1], m.pairRank[:n+1]
	for p := range int32(n + 1) {
		m.next[p], m.prev[p], m.pairRank[p] = p+1, p-1, noRank
	}
	m.long = long
	if long {
		if cap(m.partRank) < n {
			m.partRank = make([]int32, n)
		}
		m.partRank = m.partRank[:n]
		m.pairs.reset()
		m.buckets.reset(n)
		return
	}
	// Each merge pops one pair and pushes at most two, so the heap never
	// holds more than 2n entries: room for them up front saves copying a
	// long piece's heap as it grows.
	if cap(m.heap) < 2*n {
		m.heap = make(pairHeap, 0, 2*n)
	}
	m.heap = m.heap[:0]
}

// initial queues one of the piece's first pairs; the heap is ordered
// once they all are (pairHeap.init).
func (m *merger) initial(rank, p int32) {
	if m.long {
		m.buckets.push(rank, p)
		return
	}
	m.heap = append(m.heap, queued(rank, p))
}

// pop removes the pair of lowest rank, the leftmost of that rank; ok is
// false when none is left.
func (m *merger) pop() (rank, p int32, ok bool) {
	if m.long {
		return m.buckets.pop()
	}
	if len(m.heap) == 0 {
		return 0, 0, false
	}
	rank, p = m.heap.pop().split()
	return rank, p, true
}

// rerank records part p's new pair rank and queues it.
func (m *merger) rerank(p, rank int32) {
	m.pairRank[p] = rank
	if rank == noRank {
		return
	}
	if m.long {
		m.buckets.push(rank, p)
		return
	}
	m.heap.push(queued(rank, p))
}
