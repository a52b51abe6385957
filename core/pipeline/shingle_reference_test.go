package pipeline

// referenceShingles is every class's set of k-word windows as the
// strings themselves, from the words as the reference splits them: what
// the index's sets stand for, made without hashing or numbering, for
// the brute-force checks.
func referenceShingles(a *Analysis, k int) []map[string]bool {
	sets := make([]map[string]bool, len(a.classRep))
	for c, i := range a.classRep {
		sets[c] = map[string]bool{}
		for _, w := range windows(a.lowerWords(int(i)), k) {
			sets[c][w] = true
		}
	}
	return sets
}

// referenceIntersection counts the windows two sets share.
func referenceIntersection(a, b map[string]bool) int {
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return n
}

// referenceSimilarity is the Jaccard similarity of two sets of windows.
func referenceSimilarity(a, b map[string]bool) float64 {
	return jaccardFromSizes(referenceIntersection(a, b), len(a), len(b))
}
