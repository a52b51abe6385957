package pipeline

import (
	"cmp"
	"math/bits"
	"slices"
)

// rankWindowHashes numbers the distinct hashes of hashes, every class's
// sorted distinct window hashes laid end to end, rarest first: a
// shingle's rank orders it by the number of classes that hold it (its
// count in hashes, since no class repeats one), ties by where it first
// appears, so the shingles of one sentence, which recur together, keep
// neighbouring ranks. It returns each position's rank, the number of
// distinct shingles, and how many classes hold the shingle of each rank.
//
// Sorting positions by hash replaces a map from hash to number: the
// hashes are uniform, so a counting pass on their top bits leaves
// buckets of a few entries, and the work is a few linear passes instead
// of a cache miss per shingle.
func rankWindowHashes(hashes []uint64) (ranks []uint32, distinct int, counts []uint32) {
	perm := positionsByHash(hashes)
	// distinctOf[p] numbers p's hash in hash order; count[d] is how often
	// it occurs. count reuses perm's memory: run d starts at an index of
	// at least d, so its slot has been read before it is written.
	distinctOf := make([]uint32, len(hashes))
	count := perm[:0]
	for i := 0; i < len(perm); {
		j := i + 1
		for j < len(perm) && hashes[perm[j]] == hashes[perm[i]] {
			j++
		}
		for _, p := range perm[i:j] {
			distinctOf[p] = uint32(len(count))
		}
		count = append(count, uint32(j-i))
		i = j
	}
	distinct = len(count)
	// A counting sort by count, walking positions in order, ranks each
	// hash at its first appearance among those of its count.
	maxCount := uint32(0)
	for _, n := range count {
		maxCount = max(maxCount, n)
	}
	next := make([]uint32, maxCount+2)
	for _, n := range count {
		next[n+1]++
	}
	for n := 1; n < len(next); n++ {
		next[n] += next[n-1]
	}
	const unranked = ^uint32(0)
	rankOf := make([]uint32, distinct)
	for d := range rankOf {
		rankOf[d] = unranked
	}
	for _, d := range distinctOf {
		if rankOf[d] == unranked {
			rankOf[d] = next[count[d]]
			next[count[d]]++
		}
	}
	counts = make([]uint32, distinct)
	for d, r := range rankOf {
		counts[r] = count[d]
	}
	// Reuse distinctOf's memory for the ranks.
	ranks = distinctOf
	for p, d := range distinctOf {
		ranks[p] = rankOf[d]
	}
	return ranks, distinct, counts
}

// positionsByHash returns the positions of hashes ordered by hash, then
// by position: a bucket pass on the top bits, then a sort per bucket.
// Only repeated hashes make a bucket large, and a bucket of more than a
// few entries is sorted in n log n, so crafted input cannot make it
// quadratic.
func positionsByHash(hashes []uint64) []uint32 {
	bucketBits := max(1, min(24, bits.Len(uint(len(hashes)/4))))
	shift := 64 - bucketBits
	start := make([]uint32, 1<<bucketBits+1)
	for _, h := range hashes {
		start[h>>shift+1]++
	}
	for b := 1; b < len(start); b++ {
		start[b] += start[b-1]
	}
	perm := make([]uint32, len(hashes))
	fill := slices.Clone(start[:len(start)-1])
	for p, h := range hashes {
		perm[fill[h>>shift]] = uint32(p)
		fill[h>>shift]++
	}
	for b := 0; b+1 < len(start); b++ {
		bucket := perm[start[b]:start[b+1]]
		if len(bucket) < 2 {
			continue
		}
		// The scatter kept positions ascending, so an insertion sort by
		// hash alone keeps equal hashes in position order.
		if len(bucket) <= 16 {
			for i := 1; i < len(bucket); i++ {
				p := bucket[i]
				j := i
				for ; j > 0 && hashes[bucket[j-1]] > hashes[p]; j-- {
					bucket[j] = bucket[j-1]
				}
				bucket[j] = p
			}
			continue
		}
		slices.SortFunc(bucket, func(p, q uint32) int { return cmp.Or(cmp.Compare(hashes[p], hashes[q]), cmp.Compare(p, q)) })
	}
	return perm
}
