package pipeline

import (
	"math"

	"ctxlab/core/value"
)

// bm25Index is what BM25 keeps of the documents for the terms that can
// add to a score: each such term's postings, the documents holding it
// and its weight in each. A term adds only if both the query and a
// document hold it, so the terms numbered are those of the shorter side
// (bm25Vocabulary), and what is kept follows that side's vocabulary:
// listing a 50 MB query's 7.1 million terms (5.5 million distinct) and
// a map sized by them took 8-10 times the query's size, for two short
// documents.
type bm25Index struct {
	ids  map[string]int // term -> id
	from []int          // id's postings are all[from[id]:from[id+1]]
	all  []bm25Posting
}

// bm25Posting is one term's weight in one document.
type bm25Posting struct {
	doc    int
	weight float64
}

// bm25Found is a term's count in a document, before its weight is known.
type bm25Found struct {
	id, doc, tf int
}

// newBM25Index counts the numbered terms in each document as they are
// found (eachBM25Term), with every document's length in terms, then
// weighs each count with Okapi BM25: the weight a document gets each
// time the query holds the term.
func newBM25Index(query string, docs []value.Document, k1, b float64) bm25Index {
	ids := bm25Vocabulary(query, docs)
	count := make([]int, len(ids)) // in the current document
	docFreq := make([]int, len(ids))
	lengths := make([]int, len(docs))
	var found []bm25Found
	var touched []int
	total := 0
	for i, d := range docs {
		eachBM25Term(d.Content, func(w []byte) {
			lengths[i]++
			id, ok := ids[string(w)]
			if !ok {
				return
			}
			if count[id] == 0 {
				touched = append(touched, id)
			}
			count[id]++
		})
		total += lengths[i]
		for _, id := range touched {
			docFreq[id]++
			found = append(found, bm25Found{id: id, doc: i, tf: count[id]})
			count[id] = 0
		}
		touched = touched[:0]
	}
	avgLen := 0.0
	if len(docs) > 0 {
		avgLen = float64(total) / float64(len(docs))
	}
	n := float64(len(docs))
	norms := make([]float64, len(docs))
	for i := range docs {
		norms[i] = 1.0
		if avgLen > 0 {
			norms[i] = 1 - b + b*float64(lengths[i])/avgLen
		}
	}
	from := make([]int, len(ids)+1)
	for _, f := range found {
		from[f.id+1]++
	}
	for id := range len(ids) {
		from[id+1] += from[id]
	}
	all := make([]bm25Posting, len(found))
	for _, f := range found {
		tf, norm := float64(f.tf), norms[f.doc]
		df := float64(docFreq[f.id])
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		all[from[f.id]+count[f.id]] = bm25Posting{doc: f.doc, weight: idf * tf * (k1 + 1) / (tf + k1*norm)}
		count[f.id]++ // zero after counting: now the next free place
	}
	return bm25Index{ids: ids, from: from, all: all}
}

// postings are term's weights in the documents that hold it, none if
// it is not numbered. Looking term up makes no string of it.
func (ix *bm25Index) postings(term []byte) []bm25Posting {
	id, ok := ix.ids[string(term)]
	if !ok {
		return nil
	}
	return ix.all[ix.from[id]:ix.from[id+1]]
}

// bm25Vocabulary numbers the distinct terms of the query if it is no
// longer (in bytes) than the documents together, else the documents'
// distinct terms: either set holds every term that can score.
func bm25Vocabulary(query string, docs []value.Document) map[string]int {
	docBytes := 0
	for _, d := range docs {
		docBytes += len(d.Content)
	}
	ids := make(map[string]int)
	number := func(w []byte) {
		if _, ok := ids[string(w)]; !ok {
			ids[string(w)] = len(ids)
		}
	}
	if len(query) <= docBytes {
		eachBM25Term(query, number)
	} else {
		for _, d := range docs {
			eachBM25Term(d.Content, number)
		}
	}
	return ids
}
