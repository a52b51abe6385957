package evalview

import (
	"strings"
	"testing"
)

// TestBaselineRunOfAnEarlierPinIsDropped: a pin whose run is still
// computing, cleared, then a pin of the settings on screen: the earlier
// pin's run arriving late does not become the new pin's baseline.
func TestBaselineRunOfAnEarlierPinIsDropped(t *testing.T) {
	m := sampleView(t)
	now := m.Report()
	other := now.Settings
	other.Budget.RetrievedContext = 400
	late := m.Pin(other)
	if late == nil {
		t.Fatal("a pin of other settings runs no query")
	}
	m.Unpin()
	if cmd := m.Pin(now.Settings); cmd != nil || m.Baseline() != now {
		t.Fatalf("a pin of the settings on screen does not take the run on screen")
	}
	m, _ = m.Update(late(), testHeight)
	if m.Baseline() != now {
		t.Errorf("the earlier pin's run (a %d-token budget) replaced the baseline", m.Baseline().Settings.Budget.RetrievedContext)
	}
}

// TestChangeAtNamesWhatARunReads: the change against the baseline names
// the settings turned that a run reads, and no other.
func TestChangeAtNamesWhatARunReads(t *testing.T) {
	base := sampleView(t).Report().Settings
	now := base
	now.Pipeline.DedupThreshold = 0.5
	now.Budget.RetrievedContext = 400
	now.Query = "something else"
	got := changeAt(base, now)
	if !strings.HasPrefix(got, "at ") || !strings.Contains(got, "dedup 0.50") || !strings.Contains(got, " and ") || strings.Contains(got, "query") {
		t.Errorf("changeAt = %q; want the dedup threshold and the budget, not the query", got)
	}
	if got := changeAt(base, base); got != "" {
		t.Errorf("changeAt of the same settings = %q, want none", got)
	}
}
