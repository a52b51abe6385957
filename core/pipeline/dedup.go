package pipeline

// NearPairFloor is the lowest threshold whose near-duplicate pairs are
// found once and cached per shingle size: every threshold from here up
// (the dedup sweep's whole range) reads them, so moving the threshold
// neither re-shingles nor re-compares. A threshold below it compares
// against the kept documents directly, as the reference does.
const NearPairFloor = 0.5

// dedupStage walks the sorted documents and keeps each one that is neither
// an exact nor a near duplicate of a document already kept. Only kept
// documents enter the seen sets, as in the reference.
//
// The reference compares every candidate with every kept document. Here
// exact duplicates are found through hash classes computed in Analyze,
// and near ones through the cached pairs (or, below NearPairFloor,
// nearDetector's prefix filter); both skip only pairs that cannot reach
// the threshold. The result, including which kept document is named, is
// the same.
//
// keys, when not nil, are the documents' dedup keys (Analysis.dedupKeys):
// a document whose key a kept document has is an exact duplicate of it,
// after the content's own check.
func dedupStage(a *Analysis, sorted []int, threshold float64, shingleSize int, keys *docKeys, trace *traceTable) (kept []int, removed int) {
	kept = make([]int, 0, len(sorted))
	var keptByKey []int32 // key number -> kept document + 1
	if keys != nil {
		keptByKey = make([]int32, len(keys.Name))
	}
	// keptOf[c] is the position in kept of class c's kept document + 1.
	keptOf := make([]int32, len(a.classRep))
	// The matcher (and the shingle index under it) is made at the first
	// comparison: a set of one text, or of copies of one text, never
	// compares, and one huge document's shingles cost more memory than it.
	var match func(c int32) (int, float64, bool)
	for _, i := range sorted {
		c := a.hashClass[i]
		if pos := keptOf[c]; pos > 0 {
			trace.detail(i).Duplicate = &Duplicate{Kind: DuplicateExact, Of: kept[pos-1], Similarity: 1}
			trace.setFate(i, FateDuplicate)
			removed++
			continue
		}
		if keys != nil && keys.ID[i] >= 0 {
			if of := keptByKey[keys.ID[i]]; of > 0 {
				trace.detail(i).Duplicate = &Duplicate{Kind: DuplicateExact, Of: int(of - 1), Similarity: 1, Key: keys.Name[keys.ID[i]]}
				trace.setFate(i, FateDuplicate)
				removed++
				continue
			}
		}
		if len(kept) > 0 {
			if match == nil {
				match = nearMatcher(a, shingleSize, threshold, keptOf)
			}
			if pos, sim, ok := match(c); ok {
				trace.detail(i).Duplicate = &Duplicate{Kind: DuplicateNear, Of: kept[pos], Similarity: sim}
				trace.setFate(i, FateDuplicate)
				removed++
				continue
			}
		}
		kept = append(kept, i)
		keptOf[c] = int32(len(kept))
		if keys != nil && keys.ID[i] >= 0 {
			keptByKey[keys.ID[i]] = int32(i + 1)
		}
	}
	for pos, i := range kept {
		trace.detail(i).PosBeforeReorder = int32(pos)
	}
	if threshold >= NearPairFloor && len(a.classRep) > 1 {
		x := a.shingleIndex(shingleSize)
		markNearest(a, x, x.nearPairsFrom(NearPairFloor), sorted, kept, trace)
	}
	return kept, removed
}

// markNearest gives each kept document its most similar other text among
// the sorted documents, from the cached pairs; on a tie, the one ranked
// first. Copies of its own text (its hash class) are not neighbours.
func markNearest(a *Analysis, x *shingleIndex, p *nearPairs, sorted, kept []int, trace *traceTable) {
	firstOf := make([]int32, len(a.classRep)) // class -> first sorted document + 1
	for _, i := range sorted {
		if c := a.hashClass[i]; firstOf[c] == 0 {
			firstOf[c] = int32(i + 1)
		}
	}
	for _, i := range kept {
		c := a.hashClass[i]
		nbr, inter := p.neighbours(c)
		best, bestSim := int32(0), 0.0
		for j, o := range nbr {
			doc := firstOf[o]
			if doc == 0 {
				continue
			}
			sim := jaccardFromSizes(int(inter[j]), x.size(c), x.size(o))
			if sim > bestSim || (sim == bestSim && trace.sortedPos(int(doc-1)) < trace.sortedPos(int(best-1))) {
				best, bestSim = doc, sim
			}
		}
		if best > 0 {
			trace.detail(i).Nearest = &Neighbour{Of: int(best - 1), Similarity: bestSim}
		}
	}
}

// nearMatcher returns the function that finds, for a class not kept
// yet, the first kept class in kept order whose similarity reaches
// threshold: its position in kept and the similarity. keptOf is read as
// the walk fills it.
func nearMatcher(a *Analysis, shingleSize int, threshold float64, keptOf []int32) func(c int32) (int, float64, bool) {
	switch {
	case threshold > 1:
		return func(int32) (int, float64, bool) { return 0, 0, false }
	case threshold <= 0:
		// Every similarity, even 0, reaches a threshold of 0: the first
		// kept document matches.
		x := a.shingleIndex(shingleSize)
		first := int32(-1)
		return func(c int32) (int, float64, bool) {
			if first < 0 {
				for k, pos := range keptOf {
					if pos == 1 {
						first = int32(k)
					}
				}
			}
			return 0, x.similarity(c, first), true
		}
	case threshold >= NearPairFloor:
		x := a.shingleIndex(shingleSize)
		return pairMatcher(x, x.nearPairsFrom(NearPairFloor), threshold, keptOf)
	default:
		x := a.shingleIndex(shingleSize)
		d := newNearDetector(x, threshold, keptOf)
		return d.firstMatch
	}
}

// pairMatcher reads the cached pairs: the first kept neighbour whose
// similarity reaches threshold.
func pairMatcher(x *shingleIndex, p *nearPairs, threshold float64, keptOf []int32) func(c int32) (int, float64, bool) {
	return func(c int32) (int, float64, bool) {
		best, bestSim := int32(0), 0.0
		nbr, inter := p.neighbours(c)
		size := x.size(c)
		for j, o := range nbr {
			pos := keptOf[o]
			if pos == 0 || (best > 0 && pos > best) {
				continue
			}
			if sim := jaccardFromSizes(int(inter[j]), size, x.size(o)); sim >= threshold {
				best, bestSim = pos, sim
			}
		}
		return int(best - 1), bestSim, best > 0
	}
}
