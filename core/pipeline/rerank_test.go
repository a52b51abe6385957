package pipeline

import (
	"math"
	"slices"
	"strings"
	"testing"

	"ctxlab/core/value"
)

func TestRetrieveWithRerank(t *testing.T) {
	candidates := []value.Document{
		{Source: "a", Score: 0.91, Content: "Shipping carriers and times."},                          // 0
		{Source: "b", Score: 0.88, Content: "Refund policy: damaged items are refunded in 14 days."}, // 1
		{Source: "c", Score: 0.95, Content: "Store opening hours."},                                  // 2
		{Source: "d", Score: 0.42, Content: "Refund policy for damaged items, in full."},             // 3: best text, low score
		{Source: "e", Score: 0.88, Content: "Damaged items: refund policy exceptions."},              // 4: ties with b
		{Source: "f", Score: math.NaN(), Content: "refund"},                                          // 5: NaN sorts last
	}
	res := RetrieveWithRerank("refund policy damaged items", candidates, BM25Reranker{}, 4, 2)

	wantFate := []RerankFate{RerankRerankedOut, RerankSelected, RerankRerankedOut, RerankNotRetrieved, RerankSelected, RerankNotRetrieved}
	wantRetrievalRank := []int{1, 2, 0, 4, 3, 5}
	for i, c := range res.Candidates {
		if c.Fate != wantFate[i] || c.RetrievalRank != wantRetrievalRank[i] || c.Index != i || c.Source != candidates[i].Source {
			t.Errorf("candidate %d = %+v, want fate %s retrieval rank %d", i, c, wantFate[i], wantRetrievalRank[i])
		}
	}
	for _, i := range []int{3, 5} {
		if res.Candidates[i].RerankRank != -1 {
			t.Errorf("not-retrieved candidate %d has rerank rank %d", i, res.Candidates[i].RerankRank)
		}
	}
	if !slices.Equal(res.SelectedIndices, []int{1, 4}) && !slices.Equal(res.SelectedIndices, []int{4, 1}) {
		t.Fatalf("selected %v", res.SelectedIndices)
	}
	for k, i := range res.SelectedIndices {
		if res.Candidates[i].RerankRank != k || res.Selected[k].Source != candidates[i].Source {
			t.Errorf("selected %d: rank %d, doc %q", k, res.Candidates[i].RerankRank, res.Selected[k].Source)
		}
	}
	if res.Candidates[0].RerankRank < 2 || res.Candidates[2].RerankRank < 2 {
		t.Error("reranked-out documents must rank after the selected")
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "2 candidates below initial_k=4") {
		t.Errorf("notes = %q", res.Notes)
	}
}

func TestRetrieveWithRerankDefaults(t *testing.T) {
	var docs []value.Document
	for i := range 30 {
		docs = append(docs, value.Document{Score: float64(30 - i), Content: "doc"})
	}
	res := RetrieveWithRerank("doc", docs, nil, 0, 0)
	if res.InitialK != 20 || res.FinalK != 5 || len(res.Selected) != 5 {
		t.Errorf("initial_k %d final_k %d selected %d", res.InitialK, res.FinalK, len(res.Selected))
	}
	counts := map[RerankFate]int{}
	for _, c := range res.Candidates {
		counts[c.Fate]++
	}
	if counts[RerankSelected] != 5 || counts[RerankRerankedOut] != 15 || counts[RerankNotRetrieved] != 10 {
		t.Errorf("fates = %v", counts)
	}
	// Equal BM25 scores keep retrieval order.
	if !slices.Equal(res.SelectedIndices, []int{0, 1, 2, 3, 4}) {
		t.Errorf("selected %v", res.SelectedIndices)
	}
}

// badReranker returns out-of-range and repeated indices.
type badReranker struct{}

func (badReranker) Rerank(string, []value.Document, int) []RerankHit {
	return []RerankHit{{Index: 7}, {Index: 1, Score: 2}, {Index: 1, Score: 1}, {Index: -1}, {Index: 0}}
}

func TestRetrieveWithRerankBadReranker(t *testing.T) {
	res := RetrieveWithRerank("q", []value.Document{{Score: 1}, {Score: 0.5}}, badReranker{}, 5, 1)
	if !slices.Equal(res.SelectedIndices, []int{1}) || res.Candidates[0].Fate != RerankRerankedOut || res.Candidates[0].RerankRank != 1 {
		t.Errorf("selected %v, candidates %+v", res.SelectedIndices, res.Candidates)
	}
	if n := strings.Count(strings.Join(res.Notes, "\n"), "invalid or repeated index"); n != 3 {
		t.Errorf("%d invalid-index notes: %q", n, res.Notes)
	}
}
