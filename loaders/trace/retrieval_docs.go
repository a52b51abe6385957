package trace

import (
	"fmt"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// RetrievedDoc is one document a retrieval returned, as its format
// records it: its text, its own id and score (Scored when it has one)
// and its metadata.
type RetrievedDoc struct {
	Content string
	ID      string
	Score   float64
	Scored  bool
	Meta    map[string]any
}

// RetrievalWords say, in a format's words, what a retrieval lacks: no
// documents, no scores, no ids, no query.
type RetrievalWords struct {
	NoDocs, NoScores, NoIDs, NoQuery string
}

// AddDocs sets r's documents, one rule for every format: a document's id
// is its own, else its metadata's id, and is kept in its metadata; its
// score its own, else its metadata's score, else 1; its source its
// metadata's source or url, else its id. The notes say what the
// documents and the query lack.
func (r *Retrieval) AddDocs(docs []RetrievedDoc, words RetrievalWords) {
	scored, ids := 0, 0
	for _, d := range docs {
		meta := make(map[string]any, len(d.Meta)+1)
		for k, v := range d.Meta {
			meta[k] = v
		}
		doc := value.Document{Content: d.Content, Score: 1, Metadata: meta}
		id := d.ID
		if id == "" {
			id = idText(meta["id"])
		}
		if id != "" {
			meta["id"] = id
			ids++
		}
		score, ok := d.Score, d.Scored
		if !ok {
			score, ok = number(meta["score"])
		}
		if ok {
			doc.Score = score
			scored++
		}
		for _, key := range []string{"source", "url"} {
			if doc.Source = idText(meta[key]); doc.Source != "" {
				break
			}
		}
		if doc.Source == "" {
			doc.Source = id
		}
		r.Docs = append(r.Docs, doc)
	}
	switch {
	case len(r.Docs) == 0:
		r.Notes = append(r.Notes, words.NoDocs)
	case scored == 0:
		r.Notes = append(r.Notes, words.NoScores)
	case scored < len(r.Docs):
		r.Notes = append(r.Notes, fmt.Sprintf("%s of %s documents have no score and score 1", numfmt.Thousands(len(r.Docs)-scored), numfmt.Thousands(len(r.Docs))))
	}
	if len(r.Docs) > 0 && ids == 0 {
		r.Notes = append(r.Notes, words.NoIDs)
	}
	if r.Query == "" {
		r.Notes = append(r.Notes, words.NoQuery)
	}
}

// IDText is an id or source recorded as text or a number.
func IDText(v any) string { return idText(v) }
