package pipeline

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"ctxlab/core/value"
)

// The usual Okapi BM25 parameters.
const (
	DefaultBM25K1 = 1.2
	DefaultBM25B  = 0.75
)

// BM25Reranker scores documents against the query with Okapi BM25 over
// the documents given, so it needs no index and no network: the offline
// built-in reranker. Terms are lowercase runs of letters and digits; a
// term repeated in the query counts once per occurrence. IDF is the
// non-negative form ln(1 + (N − n + 0.5)/(n + 0.5)), so a term present in
// most candidates still adds a little instead of subtracting. Zero K1 or
// B mean the defaults 1.2 and 0.75.
type BM25Reranker struct {
	K1, B float64
}

// Name identifies the reranker in traces.
func (BM25Reranker) Name() string { return "bm25" }

// Rerank implements Reranker. Equal scores keep input order.
func (r BM25Reranker) Rerank(query string, docs []value.Document, topK int) []RerankHit {
	k1, b := r.K1, r.B
	if k1 == 0 {
		k1 = DefaultBM25K1
	}
	if b == 0 {
		b = DefaultBM25B
	}
	terms := bm25Terms(query)
	freqs := make([]map[string]int, len(docs))
	lengths := make([]int, len(docs))
	docFreq := make(map[string]int, len(terms))
	for _, t := range terms {
		docFreq[t] = 0
	}
	total := 0
	for i, d := range docs {
		words := bm25Terms(d.Content)
		lengths[i] = len(words)
		total += len(words)
		tf := make(map[string]int)
		for _, w := range words {
			if _, asked := docFreq[w]; asked {
				tf[w]++
			}
		}
		for w := range tf {
			docFreq[w]++
		}
		freqs[i] = tf
	}
	avgLen := 0.0
	if len(docs) > 0 {
		avgLen = float64(total) / float64(len(docs))
	}
	n := float64(len(docs))
	hits := make([]RerankHit, len(docs))
	for i := range docs {
		norm := 1.0
		if avgLen > 0 {
			norm = 1 - b + b*float64(lengths[i])/avgLen
		}
		score := 0.0
		for _, t := range terms {
			tf := float64(freqs[i][t])
			if tf == 0 {
				continue
			}
			df := float64(docFreq[t])
			idf := math.Log(1 + (n-df+0.5)/(df+0.5))
			score += idf * tf * (k1 + 1) / (tf + k1*norm)
		}
		hits[i] = RerankHit{Index: i, Score: score}
	}
	slices.SortStableFunc(hits, func(a, b RerankHit) int { return rerankCompareDesc(a.Score, b.Score) })
	if topK > 0 && topK < len(hits) {
		hits = hits[:topK]
	}
	return hits
}

// bm25Terms lowercases text and splits it into runs of letters and digits.
func bm25Terms(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
