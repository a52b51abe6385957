package pipeline

import (
	"cmp"
	"math/bits"
	"slices"
)

// forEachDistinct calls run with the positions of each distinct hash in
// hashes, ascending, the distinct hashes in ascending order. positions
// is only valid during the call.
//
// The positions are sorted by hash without a map: the hashes are
// uniform, so a counting pass on their top bits leaves buckets of a few
// entries, and the work is a few linear passes instead of a cache miss
// per shingle. A list of every position by hash would cost half as much
// as the hashes; instead the buckets are taken a range at a time (a
// part), each part's positions gathered in one pass over the hashes into
// a list an eighth of that size or less, and visited before the next
// part reuses the list. No number per position is kept: a run of equal
// hashes is all its caller needs.
//
// The top fixed bits of every hash are the same (the hashes of one
// partition of the hash space, see windowPlan): the buckets are taken on
// the bits below them, which are as uniform as the rest.
func forEachDistinct(hashes []uint64, fixed uint, run func(positions []uint32)) {
	forEachDistinctInParts(hashes, fixed, distinctPartMin, run)
}

// forEachDistinctInParts is forEachDistinct splitting the buckets into
// up to eight parts while a part would hold more than partMin positions.
func forEachDistinctInParts(hashes []uint64, fixed uint, partMin int, run func(positions []uint32)) {
	n := len(hashes)
	bucketBits := max(1, min(24, bits.Len(uint(n/4))))
	shift := 64 - bucketBits
	bucket := func(h uint64) int { return int(h << fixed >> shift) }
	start := make([]uint32, 1<<bucketBits+1)
	for _, h := range hashes {
		start[bucket(h)+1]++
	}
	for b := 1; b < len(start); b++ {
		start[b] += start[b-1]
	}
	partBits := 0
	for partBits < min(3, bucketBits) && n>>partBits > partMin {
		partBits++
	}
	bucketsPerPart := 1 << (bucketBits - partBits)
	largest := uint32(0)
	for part := range 1 << partBits {
		largest = max(largest, start[(part+1)*bucketsPerPart]-start[part*bucketsPerPart])
	}
	perm := make([]uint32, largest)
	fill := make([]uint32, bucketsPerPart)
	for part := range 1 << partBits {
		lo := part * bucketsPerPart
		base := start[lo]
		for b := range fill {
			fill[b] = start[lo+b] - base
		}
		for p, h := range hashes {
			if b := bucket(h) - lo; b >= 0 && b < bucketsPerPart {
				perm[fill[b]] = uint32(p)
				fill[b]++
			}
		}
		for b := range bucketsPerPart {
			positions := perm[start[lo+b]-base : start[lo+b+1]-base]
			sortBucketByHash(hashes, positions)
			for i := 0; i < len(positions); {
				j := i + 1
				for j < len(positions) && hashes[positions[j]] == hashes[positions[i]] {
					j++
				}
				run(positions[i:j])
				i = j
			}
		}
	}
}

// distinctPartMin is the most positions forEachDistinct gathers at once
// before it splits the work into parts (4 MB of positions): below it a
// part would save less than the passes over the hashes cost.
const distinctPartMin = 1 << 20

// sortBucketByHash sorts one bucket's positions by hash, then by
// position. Only repeated hashes make a bucket large, and a bucket of
// more than a few entries is sorted in n log n, so crafted input cannot
// make it quadratic.
func sortBucketByHash(hashes []uint64, bucket []uint32) {
	if len(bucket) < 2 {
		return
	}
	// The gathering kept positions ascending, so an insertion sort by
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
		return
	}
	slices.SortFunc(bucket, func(p, q uint32) int { return cmp.Or(cmp.Compare(hashes[p], hashes[q]), cmp.Compare(p, q)) })
}
