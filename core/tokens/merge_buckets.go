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
// of one comparison; the table of buckets by rank, as large as the
// vocabulary, is what makes this slower than the heap on short pieces.
// A bucket stays sorted while its positions arrive left
// to right, as a merge's do; when one arrives out of order the rest of the
// bucket is sorted once before its next pop. Pops come out exactly as the
// heap's do: the lowest rank, and within it the lowest position,
// of every pair queued and not yet popped.
type rankBuckets struct {
	// bucketOf is each rank's bucket, as index+1 into buckets (0: none
	// yet), for the ranks of the whole vocabulary: a piece's pairs find
	// their bucket without hashing. Only the ranks in used are non-zero.
	bucketOf []int32
	used     []int32
	buckets  []rankBucket
	// ranks is a binary min-heap of the ranks whose bucket has positions
	// not yet popped.
	ranks []int32
}

// rankBucket is the positions of the pairs of one rank; at[next:] are the
// ones not yet popped.
type rankBucket struct {
	at     []int32
	next   int
	sorted bool // at[next:] is in increasing order
	queued bool // the rank is in the queue's heap of ranks
}

// reset empties q for a vocabulary of tokens ranks, keeping its memory.
func (q *rankBuckets) reset(tokens int) {
	for _, r := range q.used {
		q.bucketOf[r] = 0
	}
	q.used = q.used[:0]
	if len(q.bucketOf) < tokens {
		q.bucketOf = make([]int32, tokens)
	}
	for i := range q.buckets {
		q.buckets[i].at = q.buckets[i].at[:0]
	}
	q.buckets = q.buckets[:0]
	q.ranks = q.ranks[:0]
}

// push queues the pair of the given rank at position pos.
func (q *rankBuckets) push(rank, pos int32) {
	b := q.bucket(rank)
	if b.next == len(b.at) {
		b.at, b.next, b.sorted = b.at[:0], 0, true
	} else if pos < b.at[len(b.at)-1] {
		b.sorted = false
	}
	b.at = append(b.at, pos)
	if !b.queued {
		b.queued = true
		q.pushRank(rank)
	}
}

// bucket returns rank's bucket, making it on the rank's first pair.
func (q *rankBuckets) bucket(rank int32) *rankBucket {
	i := q.bucketOf[rank]
	if i == 0 {
		if len(q.buckets) < cap(q.buckets) {
			q.buckets = q.buckets[:len(q.buckets)+1]
		} else {
			q.buckets = append(q.buckets, rankBucket{})
		}
		i = int32(len(q.buckets))
		q.bucketOf[rank] = i
		q.used = append(q.used, rank)
		b := &q.buckets[i-1]
		b.at, b.next, b.sorted, b.queued = b.at[:0], 0, true, false
	}
	return &q.buckets[i-1]
}

// pop removes and returns the pair of lowest rank, the leftmost of that
// rank; ok is false when the queue is empty.
func (q *rankBuckets) pop() (rank, pos int32, ok bool) {
	for len(q.ranks) > 0 {
		rank = q.ranks[0]
		b := &q.buckets[q.bucketOf[rank]-1]
		if b.next == len(b.at) {
			b.queued = false
			q.popRank()
			continue
		}
		if !b.sorted {
			slices.Sort(b.at[b.next:])
			b.sorted = true
		}
		pos = b.at[b.next]
		b.next++
		return rank, pos, true
	}
	return 0, 0, false
}

// pushRank adds rank to the heap of ranks.
func (q *rankBuckets) pushRank(rank int32) {
	q.ranks = append(q.ranks, rank)
	h := q.ranks
	i := len(h) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if h[parent] <= rank {
			break
		}
		h[i] = h[parent]
		i = parent
	}
	h[i] = rank
}

// popRank removes the lowest rank from the heap of ranks.
func (q *rankBuckets) popRank() {
	h := q.ranks
	last := len(h) - 1
	e := h[last]
	h = h[:last]
	q.ranks = h
	if last == 0 {
		return
	}
	i := 0
	for {
		child := 2*i + 1
		if child >= len(h) {
			break
		}
		if right := child + 1; right < len(h) && h[right] < h[child] {
			child = right
		}
		if e <= h[child] {
			break
		}
		h[i] = h[child]
		i = child
	}
	h[i] = e
}
