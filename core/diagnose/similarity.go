package diagnose

// similarTextJaccard is the word-set Jaccard similarity at or above which
// two documents are taken for versions of one text. Versions of an
// article that differ in a few figures score 0.8 and more; unrelated
// articles of one knowledge base, sharing their function words, stay
// under 0.35. 0.6 keeps a reworded version and leaves out neighbours.
const similarTextJaccard = 0.6

// maxSimilarityDocs bounds the documents compared pairwise for versions
// of one text (the strongest first), so a knob change on a block of
// hundreds of documents compares under 2,000 pairs, not millions.
const maxSimilarityDocs = 60

// maxCopyChecks is how many of the strongest lost documents are checked
// for a weaker version sent in their place: the ones a reader acts on.
const maxCopyChecks = 20

// versionSimilarity is the Jaccard similarity of two word sets (ascending
// ids), or 0 when it cannot reach similarTextJaccard: the Jaccard is at
// most the smaller set's size over the larger's, which spares most pairs
// the count.
func versionSimilarity(a, b []uint32) float64 {
	small, large := min(len(a), len(b)), max(len(a), len(b))
	if large == 0 || float64(small) < similarTextJaccard*float64(large) {
		return 0
	}
	shared := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			shared++
			i, j = i+1, j+1
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return float64(shared) / float64(len(a)+len(b)-shared)
}
