package evalrun

import "ctxlab/core/value"

// Query is one query of a retrieval run: its text, the documents retrieved
// for it in rank order, and the relevance grade of each judged document.
// The documents are held one of two ways: as Docs with DocIDs (a JSON
// Lines run, which carries them), or as indexes into a Corpus with their
// scores (a TREC run, which names them): there a document's text is held
// once however many queries retrieve it, and a query's []value.Document
// is made only while it is evaluated (Documents).
type Query struct {
	ID   string
	Text string
	// Docs are the retrieved documents in the run's rank order; DocIDs[i]
	// is Docs[i]'s id, unique within the query. Unused when Corpus is set.
	Docs   []value.Document
	DocIDs []string
	// Corpus, when set, holds the retrieved documents: Refs[i] is the
	// i-th one's index in it and Scores[i] its score in the run.
	Corpus *Corpus
	Refs   []int32
	Scores []float64
	// Relevance maps a document id to its judged grade; documents not in
	// it are unjudged, which counts as not relevant.
	Relevance map[string]int
}

// Corpus is the documents a run names by id, each held once.
type Corpus struct {
	IDs      []string
	Contents []string
}

// Len is the number of documents retrieved.
func (q *Query) Len() int {
	if q.Corpus != nil {
		return len(q.Refs)
	}
	return len(q.Docs)
}

// DocID is the id of the i-th document retrieved.
func (q *Query) DocID(i int) string {
	if q.Corpus != nil {
		return q.Corpus.IDs[q.Refs[i]]
	}
	return q.DocIDs[i]
}

// Documents are the retrieved documents in rank order, each with its
// score in the run and its id as its source. For a query held as corpus
// indexes they are made anew on every call: a caller holds them only as
// long as it needs them.
func (q *Query) Documents() []value.Document {
	if q.Corpus == nil {
		return q.Docs
	}
	docs := make([]value.Document, len(q.Refs))
	for i, ref := range q.Refs {
		docs[i] = value.Document{Content: q.Corpus.Contents[ref], Score: q.Scores[i], Source: q.Corpus.IDs[ref]}
	}
	return docs
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
