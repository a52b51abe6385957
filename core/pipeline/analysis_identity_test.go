package pipeline

import (
	"testing"

	"ctxlab/core/value"
)

// TestIdentityIsMadeOnce: every caller gets the same numbering, so the
// evaluations of one document set share one.
func TestIdentityIsMadeOnce(t *testing.T) {
	a := Analyze(make([]value.Document, 5))
	first, again := a.Identity(), a.Identity()
	if len(first) != 5 || &first[0] != &again[0] {
		t.Fatalf("Identity gave %v then another slice", first)
	}
	for i, v := range first {
		if v != i {
			t.Fatalf("Identity()[%d] = %d", i, v)
		}
	}
	if got := Analyze(nil).Identity(); len(got) != 0 {
		t.Errorf("no documents: %v", got)
	}
}
