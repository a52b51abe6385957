package pipeline

// Similarity is the Jaccard similarity of documents i and j's k-word
// shingle sets, the figure deduplication compares with its threshold:
// a fix that removes one of two documents as a near duplicate of the
// other derives its threshold from it.
func (a *Analysis) Similarity(i, j, k int) float64 {
	x := a.shingleIndex(k)
	return x.similarity(a.hashClass[i], a.hashClass[j])
}
