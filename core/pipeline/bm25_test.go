package pipeline

import (
	"math"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/value"
)

var bm25Corpus = []value.Document{
	{Content: "Shipping times and carriers for international orders."},
	{Content: "Refund policy: damaged items are refunded within 14 days of delivery."},
	{Content: "Our refund policy covers unopened items only."},
	{Content: "Damaged box? Send photos of the damaged box and the damaged item."},
	{Content: "Refund policy: damaged items are refunded within 14 days of delivery."},
	{Content: "Gift cards cannot be refunded."},
}

// TestBM25KnownOrder: the scores were computed independently with the
// same formula (k1 1.2, b 0.75, IDF ln(1 + (N-n+0.5)/(n+0.5))).
func TestBM25KnownOrder(t *testing.T) {
	want := []RerankHit{
		{1, 2.519749376563979}, {4, 2.519749376563979}, // a tie keeps input order
		{2, 2.272379416681058},
		{0, 1.683372931344307}, // "for" matches
		{3, 1.01152642369574},
		{5, 0},
	}
	got := BM25Reranker{}.Rerank("refund policy for damaged items", bm25Corpus, 0)
	if len(got) != len(want) {
		t.Fatalf("got %d hits", len(got))
	}
	for i := range want {
		if got[i].Index != want[i].Index || math.Abs(got[i].Score-want[i].Score) > 1e-9 {
			t.Errorf("hit %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if top := (BM25Reranker{}).Rerank("refund policy for damaged items", bm25Corpus, 2); len(top) != 2 || top[0].Index != 1 || top[1].Index != 4 {
		t.Errorf("top 2 = %+v", top)
	}
}

func TestBM25Edges(t *testing.T) {
	if hits := (BM25Reranker{}).Rerank("anything", nil, 5); len(hits) != 0 {
		t.Errorf("no docs: %+v", hits)
	}
	hits := BM25Reranker{}.Rerank("", bm25Corpus, 3)
	for i, h := range hits {
		if h.Index != i || h.Score != 0 {
			t.Errorf("empty query: hit %d = %+v, want input order with score 0", i, h)
		}
	}
	empty := []value.Document{{Content: ""}, {Content: "  "}}
	if hits := (BM25Reranker{}).Rerank("x", empty, 0); hits[0].Score != 0 || math.IsNaN(hits[1].Score) {
		t.Errorf("empty docs: %+v", hits)
	}
}

func BenchmarkBM25Rerank(b *testing.B) {
	docs := make([]value.Document, 20)
	for i := range docs {
		docs[i] = value.Document{Content: testtext.LongDoc(3, 100)}
	}
	for b.Loop() {
		BM25Reranker{}.Rerank("clause1 w4 w17 refund", docs, 5)
	}
}
