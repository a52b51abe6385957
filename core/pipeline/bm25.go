package pipeline

import (
	"slices"
	"unicode"
	"unicode/utf8"

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
//
// A document's score is the sum of its weights for the query's terms, in
// the query's order, a repeated term added again: that order is kept
// (floating-point sums depend on it) by walking the query once more to
// add up, rather than listing its terms. Neither the query nor a
// document is copied or split into a list (see eachBM25Term, bm25Index).
func (r BM25Reranker) Rerank(query string, docs []value.Document, topK int) []RerankHit {
	k1, b := r.K1, r.B
	if k1 == 0 {
		k1 = DefaultBM25K1
	}
	if b == 0 {
		b = DefaultBM25B
	}
	ix := newBM25Index(query, docs, k1, b)
	scores := make([]float64, len(docs))
	eachBM25Term(query, func(w []byte) {
		for _, p := range ix.postings(w) {
			scores[p.doc] += p.weight
		}
	})
	hits := make([]RerankHit, len(docs))
	for i, score := range scores {
		hits[i] = RerankHit{Index: i, Score: score}
	}
	slices.SortStableFunc(hits, func(a, b RerankHit) int { return rerankCompareDesc(a.Score, b.Score) })
	if topK > 0 && topK < len(hits) {
		hits = hits[:topK]
	}
	return hits
}

// eachBM25Term calls term with each term of text, in order, in a buffer
// that the next term overwrites: the lowercase runs of letters and
// digits that strings.FieldsFunc finds in strings.ToLower(text). It
// lowercases rune by rune as strings.ToLower does (an invalid byte is
// U+FFFD there, not a letter, as here) and tests the lowercased rune, as
// splitting the lowercased text did, without making it: the lowercased
// copy of a 50 MB document and the list of its 7.7 million terms (16
// bytes each, grown by doubling) were most of a reranked eval's peak,
// 9.4 times the run's size.
func eachBM25Term(text string, term func([]byte)) {
	var buf []byte
	for i := 0; i < len(text); {
		if b := text[i]; b < utf8.RuneSelf {
			i++
			if 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			if 'a' <= b && b <= 'z' || '0' <= b && b <= '9' {
				buf = append(buf, b)
				continue
			}
		} else {
			r, size := utf8.DecodeRuneInString(text[i:])
			i += size
			if r = unicode.ToLower(r); unicode.IsLetter(r) || unicode.IsDigit(r) {
				buf = utf8.AppendRune(buf, r)
				continue
			}
		}
		if len(buf) > 0 {
			term(buf)
			buf = buf[:0]
		}
	}
	if len(buf) > 0 {
		term(buf)
	}
}
