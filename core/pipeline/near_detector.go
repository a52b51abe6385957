package pipeline

// nearDetector finds near duplicates among the classes kept so far with
// a prefix filter, for thresholds below NearPairFloor, where caching
// every pair would cost too much: with shingles ordered rarest first, two
// sets whose Jaccard similarity reaches t share a shingle within the
// first |S| - ceil(t*|S|) + 1 of each. So a candidate probes only its
// rarest shingles and keeps the kept classes whose own prefix holds that
// shingle; each is then verified exactly. The reference's answer, the
// first kept document in kept order at or above the threshold, is
// unchanged: the filter only skips pairs that cannot reach it.
type nearDetector struct {
	index     *shingleIndex
	keptOf    []int32 // class -> position in kept + 1, 0 when not kept
	seen      []int32 // class -> candidate stamp
	stamp     int32
	threshold float64
}

func newNearDetector(index *shingleIndex, threshold float64, keptOf []int32) *nearDetector {
	return &nearDetector{index: index, keptOf: keptOf, seen: make([]int32, len(keptOf)), threshold: threshold}
}

// firstMatch returns the position in kept of the first kept class whose
// similarity with c reaches the threshold, and that similarity.
//
// A set's unique shingles, rarer than its shared ones, open its prefix
// but are held by no other class: only the shared shingles past them,
// if the prefix reaches that far, are probed, and the other set's
// prefix holds r when r is among as many of its shared shingles.
func (d *nearDetector) firstMatch(c int32) (int, float64, bool) {
	x := d.index
	d.stamp++
	best, sim := int32(0), 0.0
	for _, r := range d.sharedPrefix(c) {
		for _, other := range x.containing(r) {
			pos := d.keptOf[other]
			if pos == 0 || d.seen[other] == d.stamp {
				continue
			}
			d.seen[other] = d.stamp
			// The other set's own prefix must hold r too.
			if o := d.sharedPrefix(other); len(o) == 0 || r > o[len(o)-1] {
				continue
			}
			if best > 0 && pos > best {
				continue // a match there could not come first
			}
			// Length filter: J <= min/max of the sizes, and correctly
			// rounded division keeps that order in floating point.
			la, lb := x.size(c), x.size(other)
			if float64(min(la, lb))/float64(max(la, lb)) < d.threshold {
				continue
			}
			if inter, ok := x.interAtLeast(c, other, d.threshold); ok {
				best, sim = pos, jaccardFromSizes(inter, la, lb)
			}
		}
	}
	return int(best - 1), sim, best > 0
}

// sharedPrefix is the shared shingles in class c's probe prefix.
func (d *nearDetector) sharedPrefix(c int32) []uint32 {
	x := d.index
	n := probePrefixLen(x.size(c), d.threshold) - x.uniqueShingles(c)
	return x.sets[c][:max(0, n)]
}
