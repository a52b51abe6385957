package pipeline

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"sync"

	"ctxlab/internal/workerpanic"
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
	// candidates counts the distinct pairs the prefixes brought together,
	// verified those whose shingles were merged: what the filters left to
	// compare, read by the benchmarks.
	candidates, verified int
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
	return min(size, max(0, size-probeOverlap(size, t)+1))
}

// probeOverlap is the overlap a set of size shingles shares with any set
// no larger than it whose similarity with it reaches t.
func probeOverlap(size int, t float64) int { return max(1, sureCeil(t*float64(size))) }

// indexOverlap is the overlap a set of size shingles shares with any set
// no smaller than it whose similarity with it reaches t: ceil(2t/(1+t)*|y|).
func indexOverlap(size int, t float64) int { return max(1, sureCeil(2*t/(1+t)*float64(size))) }

// groupPrefixLen is how many of a class's groups, rarest first, hold its
// first size-overlap+1 shingles: the prefix a pair sharing overlap
// shingles must meet in, since the shingles past it are too few.
func groupPrefixLen(groups []groupAt, size, overlap int) int {
	keep := uint32(max(0, size-overlap+1))
	p, _ := slices.BinarySearchFunc(groups, keep, func(g groupAt, keep uint32) int { return cmp.Compare(g.end, keep) })
	return min(len(groups), p+1)
}

// neededOverlap is the least intersection with which two sets of sizes a
// and b reach similarity t as the reference divides, or more than the
// smaller size when no intersection does.
func neededOverlap(a, b int, t float64) int {
	need := overlapLowerBound(a, b, t)
	for need <= min(a, b) && jaccardFromSizes(need, a, b) < t {
		need++
	}
	return need
}

// overlapLowerBound is at most neededOverlap(a, b, t): the real bound
// t(a+b)/(1+t) less one, for rounding.
func overlapLowerBound(a, b int, t float64) int {
	return max(0, int(t*float64(a+b)/(1+t))-1)
}

// findNearPairs is an exact similarity self-join by prefix filtering
// (Chaudhuri et al. 2006; Bayardo et al.'s AllPairs; Xiao et al.'s
// PPJoin, WWW 2008) over the weighted groups of shingleGroups. Classes
// are visited from the smallest set up; each probes the groups of its
// probe prefix against the index prefixes of the classes visited before
// it. Two classes whose similarity reaches floor share a group in both
// prefixes, the first they share in rarest-first order, so no pair is
// missed; and because shingles are ranked rarest first, a shingle that
// every document shares is never indexed unless a set has nothing
// rarer, so boilerplate does not make the join quadratic.
//
// A candidate met at a group is pruned by PPJoin's positional filter:
// the overlap found so far in the groups before it (all of which are in
// both prefixes, so none is missed) plus the group's weight plus the
// shingles left after it in the shorter remainder bound the overlap, and
// when that bound is below the overlap the floor needs, the pair cannot
// reach it. Two documents that share one common sentence early in their
// rarest-first order, and little else, are thus dropped without being
// compared. The survivors pass the length filter, a 256-bit bitmap bound
// and then an exact, weighted intersection, so the result is every pair
// at or above floor and no other.
func findNearPairs(x *shingleIndex, floor float64) *nearPairs {
	return joinNearPairs(x, floor, max(1, min(runtime.GOMAXPROCS(0), len(x.sets)/4096)))
}

// joinNearPairs is findNearPairs on workers cores.
func joinNearPairs(x *shingleIndex, floor float64, workers int) *nearPairs {
	n := len(x.sets)
	order := make([]int32, n)
	for c := range order {
		order[c] = int32(c)
	}
	slices.SortFunc(order, func(p, q int32) int {
		return cmp.Or(cmp.Compare(x.size(p), x.size(q)), cmp.Compare(p, q))
	})
	j := newJoin(x, order, floor)
	// Each core probes every workers-th class: the late, large ones cost
	// the most, so interleaving shares them out.
	probers := make([]*prober, workers)
	var wg sync.WaitGroup
	var panics workerpanic.Relay
	for w := range probers {
		probers[w] = j.newProber()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			for pos := w; pos < n; pos += workers {
				probers[w].probe(pos)
			}
		}()
	}
	wg.Wait()
	panics.Raise()
	var found []nearPair
	p := &nearPairs{floor: floor, offsets: make([]int32, n+1)}
	for _, pr := range probers {
		found = append(found, pr.found...)
		p.candidates += pr.candidates
		p.verified += pr.verified
	}
	// In class order, so the lists do not depend on how many cores ran.
	slices.SortFunc(found, func(e, f nearPair) int { return cmp.Or(cmp.Compare(e.a, f.a), cmp.Compare(e.b, f.b)) })
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

// groupEntry is a class in a group's postings: its visiting position and
// how many of its shingles come before the group in its rarest-first
// order, which the positional filter reads.
type groupEntry struct {
	pos, before int32
}

// indexPrefix is where the index prefix of a class ends: its last
// group, and how many groups and shingles it holds.
type indexPrefix struct {
	last, groups, shingles uint32
}

// indexGroupPrefixes lists, for each group, the classes whose index
// prefix holds it, in visiting order, in one flat array: group g's are
// entries[start[g]:start[g+1]]. groupsAt(pos) are the groups of the
// class visited at pos, and prefixes[pos] is where its index prefix ends.
func indexGroupPrefixes(groups int, visits int, groupsAt func(pos int) []groupAt, size func(pos int) int, floor float64) (entries []groupEntry, start []int32, prefixes []indexPrefix) {
	start = make([]int32, groups+1)
	prefix := func(pos int) []groupAt {
		gs := groupsAt(pos)
		return gs[:groupPrefixLen(gs, size(pos), indexOverlap(size(pos), floor))]
	}
	for pos := range visits {
		for _, ga := range prefix(pos) {
			start[ga.group+1]++
		}
	}
	for grp := 1; grp < len(start); grp++ {
		start[grp] += start[grp-1]
	}
	entries = make([]groupEntry, start[len(start)-1])
	prefixes = make([]indexPrefix, visits)
	fill := slices.Clone(start[:len(start)-1])
	for pos := range visits {
		before := uint32(0)
		indexed := prefix(pos)
		for _, ga := range indexed {
			entries[fill[ga.group]] = groupEntry{pos: int32(pos), before: int32(before)}
			fill[ga.group]++
			before = ga.end
		}
		prefixes[pos] = indexPrefix{last: indexed[len(indexed)-1].group, groups: uint32(len(indexed)), shingles: before}
	}
	return entries, start, prefixes
}

// groupsThrough is how many of a class's groups come at or before group
// cut.
func groupsThrough(groups []groupAt, cut uint32) int {
	i, found := slices.BinarySearchFunc(groups, cut, func(g groupAt, cut uint32) int { return cmp.Compare(g.group, cut) })
	if found {
		i++
	}
	return i
}

// shingleCount is how many shingles a class has in its first i groups.
func shingleCount(groups []groupAt, i int) int {
	if i == 0 {
		return 0
	}
	return int(groups[i-1].end)
}

// groupOverlapAtLeast is the number of shingles two classes share in
// their groups from i and j on, giving up (ok false) as soon as fewer
// than need could still be found.
func groupOverlapAtLeast(a []groupAt, i int, b []groupAt, j int, need int) (n int, ok bool) {
	sizeA, sizeB := int(a[len(a)-1].end), int(b[len(b)-1].end)
	doneA, doneB := shingleCount(a, i), shingleCount(b, j) // shingles behind each cursor
	for i < len(a) && j < len(b) {
		if n+min(sizeA-doneA, sizeB-doneB) < need {
			return n, false
		}
		switch {
		case a[i].group == b[j].group:
			n += int(a[i].end) - doneA
			doneA, doneB = int(a[i].end), int(b[j].end)
			i++
			j++
		case a[i].group < b[j].group:
			doneA = int(a[i].end)
			i++
		default:
			doneB = int(b[j].end)
			j++
		}
	}
	return n, n >= need
}

// interAtLeast returns the size of the intersection of classes c and o
// when the similarity it gives, as the reference computes it, reaches
// threshold. Two classes share only shared shingles, so the bounds and
// the merge read their sets, not their sizes: the bitmap bound rules
// most pairs out without a merge; the merge stops as soon as the
// overlap still needed is out of reach.
func (x *shingleIndex) interAtLeast(c, o int32, threshold float64) (int, bool) {
	sizeA, sizeB := x.size(c), x.size(o)
	if c == o {
		return sizeA, jaccardFromSizes(sizeA, sizeA, sizeB) >= threshold
	}
	a, b := x.sets[c], x.sets[o]
	need := neededOverlap(sizeA, sizeB, threshold)
	if need > min(len(a), len(b)) || x.bitmaps[c].overlapBound(&x.bitmaps[o], len(a), len(b)) < need {
		return 0, false
	}
	inter, ok := intersectionAtLeast(a, b, need)
	return inter, ok && jaccardFromSizes(inter, sizeA, sizeB) >= threshold
}
