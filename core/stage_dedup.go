package core

import "crypto/md5"

// dedupStage walks the sorted documents and keeps each one that is neither
// an exact nor a near duplicate of a document already kept. Only kept
// documents enter the seen sets, as in the reference.
//
// The reference compares every candidate with every kept document. Here an
// inverted index from shingle to kept documents counts intersections for
// just the documents that share a shingle; the others have similarity 0,
// which can only reach a threshold of 0, handled separately. The result,
// including which kept document is named, is the same.
func dedupStage(a *Analysis, sorted []int, threshold float64, shingleSize int, trace []DocTrace) (kept []int, removed int) {
	kept = make([]int, 0, len(sorted))
	keptByHash := make(map[[md5.Size]byte]int, len(sorted))

	var sets []shingleSet
	var postings map[uint32][]int // shingle id -> positions in kept
	var overlap []int             // per kept position, shared shingles with the candidate
	var touched []int

	for _, i := range sorted {
		if of, ok := keptByHash[a.hashes[i]]; ok {
			trace[i].Duplicate = &Duplicate{Kind: DuplicateExact, Of: of, Similarity: 1}
			trace[i].Fate = FateDuplicate
			removed++
			continue
		}
		if sets == nil {
			sets = a.shingleSets(shingleSize)
			postings = make(map[uint32][]int)
		}
		set := sets[i]
		if match, sim, ok := firstNearMatch(set, sets, kept, postings, overlap, &touched, threshold); ok {
			trace[i].Duplicate = &Duplicate{Kind: DuplicateNear, Of: match, Similarity: sim}
			trace[i].Fate = FateDuplicate
			removed++
			continue
		}
		pos := len(kept)
		kept = append(kept, i)
		overlap = append(overlap, 0)
		keptByHash[a.hashes[i]] = i
		for _, id := range set {
			postings[id] = append(postings[id], pos)
		}
	}
	for pos, i := range kept {
		trace[i].PosBeforeReorder = pos
	}
	return kept, removed
}

// firstNearMatch finds the first kept document, in kept order, whose
// Jaccard similarity with set is at least threshold.
func firstNearMatch(set shingleSet, sets []shingleSet, kept []int, postings map[uint32][]int, overlap []int, touched *[]int, threshold float64) (of int, sim float64, ok bool) {
	if len(kept) == 0 {
		return 0, 0, false
	}
	if threshold <= 0 {
		// Every similarity, even 0, reaches a threshold of 0: the first
		// kept document matches.
		first := kept[0]
		return first, jaccard(set, sets[first]), true
	}
	*touched = (*touched)[:0]
	for _, id := range set {
		for _, pos := range postings[id] {
			if overlap[pos] == 0 {
				*touched = append(*touched, pos)
			}
			overlap[pos]++
		}
	}
	best := -1
	bestSim := 0.0
	for _, pos := range *touched {
		j := jaccardFromSizes(overlap[pos], len(set), len(sets[kept[pos]]))
		if j >= threshold && (best < 0 || pos < best) {
			best, bestSim = pos, j
		}
		overlap[pos] = 0
	}
	if best < 0 {
		return 0, 0, false
	}
	return kept[best], bestSim, true
}
