package tui

import (
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/loaders/request"
)

// A trajectory's turn, opened without a preset, is compared with the
// default preset's allocations but gets no finding for being over one.
func TestTrajectoryTurnHasNoFindingForAssumedAllocations(t *testing.T) {
	t.Parallel()
	tl := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 80, 24)
	tl = keys(t, tl, "o")
	if tl.eval == nil {
		t.Fatal("no evaluation of the opened turn")
	}
	for _, f := range tl.eval.Findings {
		if f.Code == diagnose.CodeComponentOverAllocation {
			t.Errorf("a finding for an allocation no one chose: %s", f.Message)
		}
	}
}
