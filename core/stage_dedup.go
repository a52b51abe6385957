package core

// dedupStage walks the sorted documents and keeps each one that is neither
// an exact nor a near duplicate of a document already kept. Only kept
// documents enter the seen sets, as in the reference.
//
// The reference compares every candidate with every kept document. Here
// the analysis's inverted index counts intersections with just the kept
// documents that share a shingle; the others have similarity 0, which can
// only reach a threshold of 0, handled separately. The result, including
// which kept document is named, is the same.
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
			d = newNearDetector(a.shingleIndex(shingleSize), n)
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

// nearDetector finds near duplicates among the documents kept so far.
type nearDetector struct {
	index   *shingleIndex
	keptPos []int32 // document -> position in kept + 1, 0 when not kept
	overlap []int32 // document -> shingles shared with the candidate
	touched []int32
}

func newNearDetector(index *shingleIndex, n int) nearDetector {
	return nearDetector{index: index, keptPos: make([]int32, n), overlap: make([]int32, n)}
}

func (d *nearDetector) keep(doc, pos int) { d.keptPos[doc] = int32(pos + 1) }

// firstMatch returns the first kept document, in kept order, whose Jaccard
// similarity with doc is at least threshold.
func (d *nearDetector) firstMatch(doc int, kept []int, threshold float64) (of int, sim float64, ok bool) {
	if len(kept) == 0 {
		return 0, 0, false
	}
	sets := d.index.sets
	if threshold <= 0 {
		// Every similarity, even 0, reaches a threshold of 0: the first
		// kept document matches.
		return kept[0], jaccard(sets[doc], sets[kept[0]]), true
	}
	d.touched = d.touched[:0]
	for _, id := range sets[doc] {
		for _, other := range d.index.containing(id) {
			if d.keptPos[other] == 0 {
				continue
			}
			if d.overlap[other] == 0 {
				d.touched = append(d.touched, other)
			}
			d.overlap[other]++
		}
	}
	best := int32(-1)
	for _, other := range d.touched {
		j := jaccardFromSizes(int(d.overlap[other]), len(sets[doc]), len(sets[other]))
		if j >= threshold && (best < 0 || d.keptPos[other] < d.keptPos[best]) {
			best, sim = other, j
		}
		d.overlap[other] = 0
	}
	if best < 0 {
		return 0, 0, false
	}
	return int(best), sim, true
}
