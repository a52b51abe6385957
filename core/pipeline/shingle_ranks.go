package pipeline

// rankByCount turns ids, numbers for every class's sorted distinct
// window hashes laid end to end (numberDistinct's, distinct of them),
// into ranks, rarest first: a shingle's rank orders it by the number of
// classes that hold it (its count in ids, since no class repeats one),
// ties by where it first appears, so the shingles of one sentence, which
// recur together, keep neighbouring ranks, and the shingles a single
// class holds take the lowest ranks in class order.
//
// It returns unique, the number of ranks held by one class each (ranks
// below it), and where the postings of each other rank start in a list
// of every class of every shingle laid out by rank (shared[r-unique] for
// rank r, shared[len-1] the list's length). Unique shingles need no such
// entry: rank r < unique is entry r.
//
// The memory is a word per distinct shingle and the postings' starts: a
// number's count, and then its rank, share one word, and the ranks are
// written over the numbers they replace.
func rankByCount(ids []uint32, distinct int) (unique uint32, shared []int32) {
	ranks := ids
	if distinct == 0 {
		return 0, []int32{0}
	}
	// slot[d] counts the positions of distinct hash d, until d is ranked
	// at its first position; then it holds the rank, marked.
	// Counts and ranks stay below the mark while there are fewer than
	// 2^31 windows (16 GiB of hashes, made from 4 GB of text or more).
	const rankedMark = 1 << 31
	slot := make([]uint32, distinct)
	for _, d := range ranks {
		slot[d]++
	}
	// A counting sort by count: next[n] is the next rank for a hash held
	// n times.
	maxCount := uint32(0)
	for _, n := range slot {
		maxCount = max(maxCount, n)
	}
	next := make([]uint32, maxCount+2)
	for _, n := range slot {
		next[n+1]++
	}
	for n := 1; n < len(next); n++ {
		next[n] += next[n-1]
	}
	unique = next[2]
	for p, d := range ranks {
		if n := slot[d]; n&rankedMark == 0 {
			slot[d] = next[n] | rankedMark
			next[n]++
		}
		ranks[p] = slot[d] &^ rankedMark
	}
	slot = nil
	shared = make([]int32, uint32(distinct)-unique+1)
	for _, r := range ranks {
		if r >= unique {
			shared[r-unique+1]++
		}
	}
	shared[0] = int32(unique)
	for i := 1; i < len(shared); i++ {
		shared[i] += shared[i-1]
	}
	return unique, shared
}
