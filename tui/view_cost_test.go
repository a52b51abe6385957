package tui

import "testing"

// TestViewCostDoesNotGrowWithTheDocuments: a frame draws what is on
// screen, so its allocations do not grow with the document set; a View
// that walks every document (a count made per frame instead of per
// evaluation) allocates in proportion to it. Counted, not timed.
func TestViewCostDoesNotGrowWithTheDocuments(t *testing.T) {
	allocs := func(docs int) float64 {
		m := benchModel(t, benchScenario(t, docs), 160, 48)
		return testing.AllocsPerRun(5, func() { _ = m.View() })
	}
	small, large := allocs(100), allocs(2_000)
	if large > 1.5*small {
		t.Errorf("a frame allocates %.0f times with 2,000 documents and %.0f with 100: View walks the documents", large, small)
	}
}
