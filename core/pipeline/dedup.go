package pipeline

import "math"

// dedupStage walks the sorted documents and keeps each one that is neither
// an exact nor a near duplicate of a document already kept. Only kept
// documents enter the seen sets, as in the reference.
//
// The reference compares every candidate with every kept document. Here
// exact duplicates are found through hash classes computed in Analyze, and
// near ones through nearDetector's prefix filter, which only skips pairs
// that cannot reach the threshold. The result, including which kept
// document is named, is the same.
func dedupStage(a *Analysis, sorted []int, threshold float64, shingleSize int, trace []DocTrace) (kept []int, removed int) {
	n := len(a.Docs)
	kept = make([]int, 0, len(sorted))
	keptOfClass := make([]int32, n) // hash class -> kept document + 1
	var d nearDetector

	for _, i := range sorted {
		if of := keptOfClass[a.hashClass[i]]; of > 0 {
			trace[i].Duplicate = &Duplicate{Kind: DuplicateExact, Of: int(of - 1), Similarity: 1}
			trace[i].Fate = FateDuplicate
			removed++
			continue
		}
		if d.index == nil {
			d = newNearDetector(a.shingleIndex(shingleSize), n, threshold)
		}
		if match, sim, ok := d.firstMatch(i, kept, threshold); ok {
			trace[i].Duplicate = &Duplicate{Kind: DuplicateNear, Of: match, Similarity: sim}
			trace[i].Fate = FateDuplicate
			removed++
			continue
		}
		d.keep(i, len(kept))
		kept = append(kept, i)
		keptOfClass[a.hashClass[i]] = int32(i + 1)
	}
	for pos, i := range kept {
		trace[i].PosBeforeReorder = pos
	}
	return kept, removed
}

// nearDetector finds near duplicates among the documents kept so far
// with a prefix filter (Chaudhuri et al. 2006; Bayardo et al., AllPairs):
// with shingles ordered rarest first, two sets whose Jaccard similarity
// reaches t share a shingle within the first |S| - ceil(t*|S|) + 1 of
// each. So a candidate probes only its rarest shingles, whose postings
// are short, and keeps the kept documents whose own prefix holds that
// shingle; each is then verified exactly. The reference's answer, the
// first kept document in kept order at or above the threshold, is
// unchanged: the filter only skips pairs that cannot reach it.
type nearDetector struct {
	index     *shingleIndex
	keptPos   []int32  // document -> position in kept + 1, 0 when not kept
	prefixEnd []uint32 // kept document -> rank of the last shingle of its prefix
	seen      []int32  // document -> candidate stamp
	stamp     int32
	threshold float64
}

func newNearDetector(index *shingleIndex, n int, threshold float64) nearDetector {
	return nearDetector{index: index, keptPos: make([]int32, n), prefixEnd: make([]uint32, n), seen: make([]int32, n), threshold: threshold}
}

// prefixLen is how many of a set's rarest shingles the filter needs:
// |S| - ceil(t*|S|) + 1, with the ceiling taken a hair low so rounding
// can only lengthen the prefix, never drop a match.
func prefixLen(size int, threshold float64) int {
	overlap := max(1, int(math.Ceil(threshold*float64(size)-1e-9)))
	return min(size, max(0, size-overlap+1))
}

func (d *nearDetector) keep(doc, pos int) {
	d.keptPos[doc] = int32(pos + 1)
	ranks := d.index.ranked[doc]
	if p := prefixLen(len(ranks), d.threshold); p > 0 {
		d.prefixEnd[doc] = ranks[p-1]
	} else {
		d.keptPos[doc] = 0 // can match nothing: not a candidate
	}
}

// firstMatch returns the first kept document, in kept order, whose Jaccard
// similarity with doc is at least threshold.
func (d *nearDetector) firstMatch(doc int, kept []int, threshold float64) (of int, sim float64, ok bool) {
	if len(kept) == 0 {
		return 0, 0, false
	}
	x := d.index
	sets := x.sets
	if threshold <= 0 {
		// Every similarity, even 0, reaches a threshold of 0: the first
		// kept document matches.
		return kept[0], jaccard(sets[doc], sets[kept[0]]), true
	}
	d.stamp++
	ranks := x.ranked[doc]
	best := int32(-1)
	for _, r := range ranks[:prefixLen(len(ranks), threshold)] {
		for _, other := range x.containing(x.idOfRank[r]) {
			if d.keptPos[other] == 0 || d.seen[other] == d.stamp || r > d.prefixEnd[other] {
				continue
			}
			d.seen[other] = d.stamp
			if best >= 0 && d.keptPos[other] > d.keptPos[best] {
				continue // a match there could not come first
			}
			// Length filter: J <= min/max of the sizes, and correctly
			// rounded division keeps that order in floating point.
			la, lb := len(sets[doc]), len(sets[other])
			if float64(min(la, lb))/float64(max(la, lb)) < threshold {
				continue
			}
			if j, ok := jaccardAtLeast(sets[doc], sets[other], threshold); ok {
				best, sim = other, j
			}
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return int(best), sim, true
}

// jaccardAtLeast returns the Jaccard similarity of a and b when it
// reaches threshold, counting the intersection only while the overlap
// still needed is within reach.
func jaccardAtLeast(a, b shingleSet, threshold float64) (float64, bool) {
	total := len(a) + len(b)
	// need is the least overlap whose similarity, computed as the
	// reference computes it, reaches threshold.
	need := max(0, int(threshold*float64(total)/(1+threshold))-1)
	for need <= min(len(a), len(b)) && jaccardFromSizes(need, len(a), len(b)) < threshold {
		need++
	}
	if need > min(len(a), len(b)) {
		return 0, false
	}
	n, ok := intersectionAtLeast(a, b, need)
	if !ok {
		return 0, false
	}
	return jaccardFromSizes(n, len(a), len(b)), true
}
