package pipeline

import (
	"math"
	"slices"
	"strings"
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
func (r BM25Reranker) Rerank(query string, docs []value.Document, topK int) []RerankHit {
	k1, b := r.K1, r.B
	if k1 == 0 {
		k1 = DefaultBM25K1
	}
	if b == 0 {
		b = DefaultBM25B
	}
	terms := bm25Terms(query)
	freqs := make([]map[string]*int, len(docs))
	lengths := make([]int, len(docs))
	docFreq := make(map[string]int, len(terms))
	for _, t := range terms {
		docFreq[t] = 0
	}
	total := 0
	for i, d := range docs {
		// A document's terms are counted as they are found, never
		// listed (see eachBM25Term); a term is looked up without a copy,
		// and made a string once a document, when it is asked for.
		tf := make(map[string]*int)
		eachBM25Term(d.Content, func(w []byte) {
			lengths[i]++
			if _, asked := docFreq[string(w)]; !asked {
				return
			}
			if n := tf[string(w)]; n != nil {
				*n++
			} else {
				tf[string(w)] = new(int(1))
			}
		})
		total += lengths[i]
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
			count := freqs[i][t]
			if count == nil {
				continue
			}
			tf := float64(*count)
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

// bm25Terms lowercases text and splits it into runs of letters and
// digits: the query's terms, in order, for the scores' sums. They are
// parts of one lowercased copy, where a string made for each term found
// by eachBM25Term would be an allocation a term (a 50 MB query took 2.5
// times the processor time and 1.6 times the memory so).
func bm25Terms(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// eachBM25Term calls term with each of bm25Terms(text), in order, in a
// buffer that the next term overwrites. It lowercases rune by rune as strings.ToLower does (an
// invalid byte is U+FFFD there, not a letter, as here) and tests the
// lowercased rune, as splitting the lowercased text did, without making
// it: the lowercased copy of a 50 MB document and the list of its 7.7
// million terms (16 bytes each, grown by doubling) were most of a
// reranked eval's peak, 9.4 times the run's size.
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
