package pipeline

import (
	"cmp"
	"math"
	"slices"
)

// nearPairs is every pair of hash classes whose Jaccard similarity
// reaches floor, as adjacency lists: class c's neighbours are
// nbr[offsets[c]:offsets[c+1]], and inter holds the size of each
// intersection, from which the similarity is computed exactly as the
// reference divides. Found once per shingle size, they answer every
// threshold at or above floor without comparing a set again.
type nearPairs struct {
	floor   float64
	offsets []int32
	nbr     []int32
	inter   []uint32
}

// neighbours returns class c's neighbours and their intersection sizes.
func (p *nearPairs) neighbours(c int32) ([]int32, []uint32) {
	lo, hi := p.offsets[c], p.offsets[c+1]
	return p.nbr[lo:hi], p.inter[lo:hi]
}

// Pairs counts the pairs found (each once).
func (p *nearPairs) Pairs() int { return len(p.nbr) / 2 }

// sureCeil is ceil(v) taken a hair low, so floating-point rounding can
// only lengthen a prefix, never drop a pair that reaches the threshold.
func sureCeil(v float64) int { return int(math.Ceil(v - 1e-9)) }

// probePrefixLen is how many of a set's rarest shingles must be probed to
// meet every set no larger than it with similarity t or more: such a set
// shares at least ceil(t*|x|) shingles with x.
func probePrefixLen(size int, t float64) int {
	return min(size, max(0, size-max(1, sureCeil(t*float64(size)))+1))
}

// indexPrefixLen is how many of a set's rarest shingles must be indexed
// for every set no smaller than it to find it: two such sets with
// similarity t share at least ceil(2t/(1+t)*|y|) shingles.
func indexPrefixLen(size int, t float64) int {
	return min(size, max(0, size-max(1, sureCeil(2*t/(1+t)*float64(size)))+1))
}

// findNearPairs is an exact similarity self-join by prefix filtering
// (Chaudhuri et al. 2006; Bayardo et al.'s AllPairs; Xiao et al.'s
// PPJoin). Classes are visited from the smallest set up; each probes its
// probe prefix against the index prefixes of the classes visited before
// it, and every candidate that passes the length filter is verified by a
// full intersection. Pairs that cannot reach floor are the only ones
// skipped, so the result is every pair at or above it. Because shingles
// are ranked rarest first, a shingle that every document shares sits at
// the end of each set and is never indexed unless a set has nothing
// rarer: boilerplate does not make the join quadratic.
func findNearPairs(x *shingleIndex, floor float64) *nearPairs {
	n := len(x.sets)
	order := make([]int32, n)
	for c := range order {
		order[c] = int32(c)
	}
	slices.SortFunc(order, func(p, q int32) int {
		return cmp.Or(cmp.Compare(len(x.sets[p]), len(x.sets[q])), cmp.Compare(p, q))
	})

	// The index: for each shingle rank, the visiting positions of the
	// classes whose index prefix holds it, ascending, in one flat array.
	start := make([]int32, len(x.idOfRank)+1)
	for _, c := range order {
		ranks := x.ranked[c]
		for _, r := range ranks[:indexPrefixLen(len(ranks), floor)] {
			start[r+1]++
		}
	}
	for r := 1; r < len(start); r++ {
		start[r] += start[r-1]
	}
	entries := make([]int32, start[len(start)-1])
	fill := append([]int32(nil), start[:len(start)-1]...)
	for pos, c := range order {
		ranks := x.ranked[c]
		for _, r := range ranks[:indexPrefixLen(len(ranks), floor)] {
			entries[fill[r]] = int32(pos)
			fill[r]++
		}
	}

	type pair struct {
		a, b  int32
		inter uint32
	}
	var found []pair
	seen := make([]int32, n) // visiting position -> last prober + 1
	for pos, c := range order {
		ranks := x.ranked[c]
		size := len(ranks)
		for _, r := range ranks[:probePrefixLen(size, floor)] {
			for _, other := range entries[start[r]:start[r+1]] {
				if int(other) >= pos {
					break // visited after c: it will probe c itself
				}
				if seen[other] == int32(pos+1) {
					continue
				}
				seen[other] = int32(pos + 1)
				o := order[other]
				// Length filter: J <= |y|/|x| for |y| <= |x|.
				if float64(len(x.ranked[o]))/float64(size) < floor {
					continue
				}
				if inter, ok := x.interAtLeast(c, o, floor); ok {
					found = append(found, pair{c, o, uint32(inter)})
				}
			}
		}
	}

	p := &nearPairs{floor: floor, offsets: make([]int32, n+1)}
	for _, f := range found {
		p.offsets[f.a+1]++
		p.offsets[f.b+1]++
	}
	for c := 1; c <= n; c++ {
		p.offsets[c] += p.offsets[c-1]
	}
	p.nbr = make([]int32, 2*len(found))
	p.inter = make([]uint32, 2*len(found))
	next := append([]int32(nil), p.offsets[:n]...)
	for _, f := range found {
		p.nbr[next[f.a]], p.inter[next[f.a]] = f.b, f.inter
		next[f.a]++
		p.nbr[next[f.b]], p.inter[next[f.b]] = f.a, f.inter
		next[f.b]++
	}
	return p
}

// interAtLeast returns the size of the intersection of classes c and o
// when the similarity it gives, as the reference computes it, reaches
// threshold. The bitmap bound rules most pairs out without a merge; the
// merge stops as soon as the overlap still needed is out of reach.
func (x *shingleIndex) interAtLeast(c, o int32, threshold float64) (int, bool) {
	a, b := x.ranked[c], x.ranked[o]
	need := max(0, int(threshold*float64(len(a)+len(b))/(1+threshold))-1)
	for need <= min(len(a), len(b)) && jaccardFromSizes(need, len(a), len(b)) < threshold {
		need++
	}
	if need > min(len(a), len(b)) || x.bitmaps[c].overlapBound(&x.bitmaps[o], len(a), len(b)) < need {
		return 0, false
	}
	inter, ok := intersectionAtLeast(a, b, need)
	return inter, ok && jaccardFromSizes(inter, len(a), len(b)) >= threshold
}
