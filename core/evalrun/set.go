package evalrun

import "ctxlab/core/value"

// Query is one query of a retrieval run: its text, the documents retrieved
// for it in rank order, and the relevance grade of each judged document.
type Query struct {
	ID   string
	Text string
	// Docs are the retrieved documents in the run's rank order; DocIDs[i]
	// is Docs[i]'s id in the corpus, unique within the query.
	Docs   []value.Document
	DocIDs []string
	// Relevance maps a document id to its judged grade; documents not in
	// it are unjudged, which counts as not relevant.
	Relevance map[string]int
}

// Relevant reports whether document id is judged relevant (grade above 0).
func (q *Query) Relevant(id string) bool { return q.Relevance[id] > 0 }

// Set is a whole retrieval run.
type Set struct {
	Queries []Query
	// Judged is true when relevance judgments were loaded, so a recall of
	// no relevant documents means none were judged relevant rather than
	// that nothing was judged at all.
	Judged bool
}
