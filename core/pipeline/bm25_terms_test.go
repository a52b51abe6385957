package pipeline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"ctxlab/core/value"
	"ctxlab/internal/alloctest"
)

// bm25Terms is how the reranker found terms before eachBM25Term: the
// runs of letters and digits of the lowercased text.
func bm25Terms(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// foundBM25Terms lists the terms eachBM25Term finds.
func foundBM25Terms(text string) []string {
	var terms []string
	eachBM25Term(text, func(t []byte) { terms = append(terms, string(t)) })
	return terms
}

// randomBM25Text mixes ASCII, letters whose lowercase is longer or
// shorter in UTF-8 (Ⱥ to ⱥ, the Kelvin sign to k, İ to i), digits of
// other scripts, marks, symbols, spaces and invalid bytes.
func randomBM25Text(rng *rand.Rand) string {
	pieces := []string{"a", "Z", "Qu", "9", " ", ".", "-", "_", "\t", "\n", "é", "É", "Ⱥ", "Ⱦ", "\u212a", "İ", "ß", "ẞ", "Σ", "ς",
		"٣", "\u0301", "€", "😀", "\u00a0", "\u3000", "\xff", "\xe2\x82", "ǅ", "Ω", "\u2126", "ﬁ"}
	var b strings.Builder
	for range rng.IntN(40) {
		if rng.IntN(8) == 0 {
			b.WriteRune(rune(rng.IntN(0x11000)))
			continue
		}
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// TestBM25TermsAsSplitting: the terms found without lowercasing the
// text first are the terms of the lowercased text split, on random
// Unicode text.
func TestBM25TermsAsSplitting(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 25))
	for range 20000 {
		text := randomBM25Text(rng)
		if got, want := foundBM25Terms(text), bm25Terms(text); !slices.Equal(got, want) {
			t.Fatalf("eachBM25Term(%q) finds %q, want %q", text, got, want)
		}
	}
}

// TestBM25RerankCountsAsListed: ranking with the terms counted as they
// are found, the query's once more to add up, gives the hits that
// listing them gave, bit for bit, whether the query or the documents
// are the shorter side (the one whose terms are numbered).
func TestBM25RerankCountsAsListed(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	sides := map[bool]int{}
	for round := range 3000 {
		docs := randomRerankDocs(rng)
		query := randomBM25Text(rng) + " a é ⱥ k"
		switch round % 3 {
		case 1: // a long query, repeating terms, over short documents
			query = strings.Repeat(query, 1+rng.IntN(20))
		case 2: // long documents sharing the query's terms
			for i := range docs {
				docs[i].Content = strings.Repeat(docs[i].Content+" "+query, 1+rng.IntN(8))
			}
		}
		docBytes := 0
		for _, d := range docs {
			docBytes += len(d.Content)
		}
		sides[len(query) <= docBytes]++
		got := BM25Reranker{}.Rerank(query, docs, 0)
		if want := listedBM25(query, docs); !sameHits(got, want) {
			t.Fatalf("Rerank(%q, %+v) = %v, want %v", query, docs, got, want)
		}
	}
	if sides[true] < 500 || sides[false] < 500 {
		t.Errorf("query the shorter side %d times, the documents %d times; want both often", sides[true], sides[false])
	}
}

// sameHits: the same documents in the same order with the same scores,
// bit for bit.
func sameHits(a, b []RerankHit) bool {
	return slices.EqualFunc(a, b, func(x, y RerankHit) bool {
		return x.Index == y.Index && math.Float64bits(x.Score) == math.Float64bits(y.Score)
	})
}

// randomRerankDocs are a few documents of random text, some sharing it.
func randomRerankDocs(rng *rand.Rand) []value.Document {
	docs := make([]value.Document, rng.IntN(5))
	for i := range docs {
		docs[i].Content = randomBM25Text(rng)
		if i > 0 && rng.IntN(4) == 0 {
			docs[i].Content = docs[i-1].Content
		}
	}
	return docs
}

// Rerank implements Reranker. Equal scores keep input order.
// listedBM25 is BM25Reranker.Rerank (defaults, no cut) as it was, with
// every document's terms listed.
func listedBM25(query string, docs []value.Document) []RerankHit {
	k1, b := DefaultBM25K1, DefaultBM25B
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
	return hits
}

// TestBM25RerankAllocatesLittle: ranking a large document allocates a
// small share of its size. Lowercasing it (it has capitals) copied it,
// and the list of its terms took 16 bytes a term, 3.2 times the text.
func TestBM25RerankAllocatesLittle(t *testing.T) {
	docs := []value.Document{{Content: strings.Repeat("Word refund ", 400_000)}, {Content: "refund policy"}}
	var hits []RerankHit
	bound := uint64(len(docs[0].Content)) / 10
	allocated := alloctest.Least(bound, func() { hits = BM25Reranker{}.Rerank("refund window", docs, 0) })
	if !sameHits(hits, listedBM25("refund window", docs)) {
		t.Fatalf("hits %v differ from listing the terms", hits)
	}
	if allocated > bound {
		t.Errorf("ranking a %d-byte document allocated %d bytes; want at most a tenth of it", len(docs[0].Content), allocated)
	}
}

// TestBM25RerankLongQueryAllocatesLittle: ranking short documents
// against a large query allocates a small share of the query's size. Its
// list of terms took 16 bytes a term and the map sized by them more.
func TestBM25RerankLongQueryAllocatesLittle(t *testing.T) {
	var b strings.Builder
	for i := range 300_000 {
		fmt.Fprintf(&b, "Term%d refund ", i)
	}
	query := b.String()
	docs := []value.Document{{Content: "refund policy term7"}, {Content: "Term12 and TERM12, refund"}, {Content: "nothing"}}
	var hits []RerankHit
	bound := uint64(len(query)) / 10
	allocated := alloctest.Least(bound, func() { hits = BM25Reranker{}.Rerank(query, docs, 0) })
	if !sameHits(hits, listedBM25(query, docs)) {
		t.Fatalf("hits %v differ from listing the terms", hits)
	}
	if allocated > bound {
		t.Errorf("ranking against a %d-byte query allocated %d bytes; want at most a tenth of it", len(query), allocated)
	}
}
