package tokens

import "slices"

// rankBuckets holds a merge's pairs, each a (rank, position), and gives
// them back lowest rank first, leftmost first among equal ranks: the order
// tiktoken merges in, as pairHeap does. On a long piece the heap is slow:
// a run of one byte (a line of '=', of '-') queues tens of thousands of
// pairs of a handful of ranks, two in three of them stale by the time
// they come out (95,302 of 144,521 on 50,000 '='), and each pop pays a
// sift through the whole heap.
//
// Here the pairs of one rank wait in a bucket, and a small heap orders the
// ranks that have a bucket waiting. A pop takes the next position of the
// lowest rank's bucket: constant time, a stale pair skipped for the price
// of one comparison. A bucket stays sorted while its positions arrive left
// to right, as a merge's mostly do; when one arrives out of order the rest
// of the bucket is sorted once before its next pop. Pops come out exactly
// as the heap's do: the lowest rank, and within it the lowest position, of
// every pair queued and not yet popped.
//
// The buckets are lists threaded through one array of nodes, so a piece's
// pairs share one allocation however they spread over ranks, and a rank
// finds its bucket in a small hash table of the piece's ranks: a table as
// large as the vocabulary cost more to clear and to fault in than a whole
// merge of a short piece.
type rankBuckets struct {
	nodes []bucketNode
	// free is the first of the nodes popped and not yet reused, linked
	// by their next: a long piece's merge pops about as many pairs as it
	// pushes, so reusing them keeps the nodes near the piece's length
	// instead of three times it. Memory a process touches the first time
	// costs a page fault per 4 KB, which for a single count in a fresh
	// process (`ctxlab tokens`) cost more than the merge itself.
	free    int32
	buckets []rankBucket
	// slotRank and slotBucket are an open-addressing table from a rank
	// (stored as rank+1, 0 for an empty slot) to its bucket's index.
	slotRank, slotBucket []int32
	// ranks is a binary min-heap of the ranks whose bucket has positions
	// not yet popped, each with its bucket (rankEntry).
	ranks minHeap[rankEntry]
	// sorting is scratch space for sorting a bucket.
	sorting []int32
}

// bucketNode is one queued position and the node after it in its bucket
// (noNode at the end).
type bucketNode struct{ pos, next int32 }

const noNode = -1

// rankBucket is the queued positions of one rank, from head to tail.
type rankBucket struct {
	rank, index int32
	head, tail  int32
	sorted      bool // the positions from head on are in increasing order
	queued      bool // rank is in the heap of ranks
}

// reset empties q for a piece of n bytes, keeping its memory.
func (q *rankBuckets) reset(n int) {
	// A piece's first n-1 pairs. With the nodes reused, a merge of 50,000
	// '=' or of base64 never needs more; a run of "ab" needs half as many
	// again, and the nodes grow.
	if cap(q.nodes) < n {
		q.nodes = make([]bucketNode, 0, n)
	}
	q.nodes = q.nodes[:0]
	q.free = noNode
	q.buckets = q.buckets[:0]
	q.ranks = q.ranks[:0]
	if len(q.slotRank) == 0 {
		q.slotRank, q.slotBucket = make([]int32, 64), make([]int32, 64)
	}
	clear(q.slotRank)
}

// push queues the pair of the given rank at position pos.
func (q *rankBuckets) push(rank, pos int32) {
	b := &q.buckets[q.bucketOf(rank)]
	k := q.free
	if k != noNode {
		q.free = q.nodes[k].next
		q.nodes[k] = bucketNode{pos: pos, next: noNode}
	} else {
		k = int32(len(q.nodes))
		q.nodes = append(q.nodes, bucketNode{pos: pos, next: noNode})
	}
	if b.head == noNode {
		b.head, b.tail, b.sorted = k, k, true
	} else {
		if pos < q.nodes[b.tail].pos {
			b.sorted = false
		}
		q.nodes[b.tail].next = k
		b.tail = k
	}
	if !b.queued {
		b.queued = true
		q.ranks.push(rankEntry(uint64(rank)<<32 | uint64(b.index)))
	}
}

// rankEntry is a rank in the high half and its bucket's index in the low:
// the heap orders by rank, and a pop finds the bucket without a lookup.
type rankEntry uint64

// bucketOf returns the index of rank's bucket, making the bucket on the
// rank's first pair.
func (q *rankBuckets) bucketOf(rank int32) int32 {
	mask := uint32(len(q.slotRank) - 1)
	for i := uint32(rank) * 0x9e3779b1 & mask; ; i = (i + 1) & mask {
		switch q.slotRank[i] {
		case rank + 1:
			return q.slotBucket[i]
		case 0:
			b := int32(len(q.buckets))
			q.buckets = append(q.buckets, rankBucket{rank: rank, index: b, head: noNode, tail: noNode})
			q.slotRank[i], q.slotBucket[i] = rank+1, b
			if 2*len(q.buckets) > len(q.slotRank) {
				q.grow()
			}
			return b
		}
	}
}

// grow doubles the table of ranks, keeping it at most half full.
func (q *rankBuckets) grow() {
	size := 2 * len(q.slotRank)
	q.slotRank, q.slotBucket = make([]int32, size), make([]int32, size)
	mask := uint32(size - 1)
	for b, bucket := range q.buckets {
		i := uint32(bucket.rank) * 0x9e3779b1 & mask
		for q.slotRank[i] != 0 {
			i = (i + 1) & mask
		}
		q.slotRank[i], q.slotBucket[i] = bucket.rank+1, int32(b)
	}
}

// pop removes and returns the pair of lowest rank, the leftmost of that
// rank; ok is false when the queue is empty.
func (q *rankBuckets) pop() (rank, pos int32, ok bool) {
	for len(q.ranks) > 0 {
		top := q.ranks[0]
		rank = int32(top >> 32)
		b := &q.buckets[uint32(top)]
		if b.head == noNode {
			b.queued = false
			q.ranks.pop()
			continue
		}
		if !b.sorted {
			q.sort(b)
		}
		k := b.head
		node := q.nodes[k]
		b.head = node.next
		if b.head == noNode {
			b.tail = noNode
		}
		q.nodes[k].next, q.free = q.free, k
		return rank, node.pos, true
	}
	return 0, 0, false
}

// sort puts b's positions in increasing order, in the nodes they hold.
func (q *rankBuckets) sort(b *rankBucket) {
	q.sorting = q.sorting[:0]
	for k := b.head; k != noNode; k = q.nodes[k].next {
		q.sorting = append(q.sorting, q.nodes[k].pos)
	}
	slices.Sort(q.sorting)
	i := 0
	for k := b.head; k != noNode; k = q.nodes[k].next {
		q.nodes[k].pos = q.sorting[i]
		i++
	}
	b.sorted = true
}
