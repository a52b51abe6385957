package tui

import (
	"testing"

	"ctxlab/core/tokens"
)

// TestExactCountsLetTheEstimateGo: once the exact counts are on screen
// the heuristic's, made to stand in for them, are dropped from the
// analysis (8 MB a million documents), and the picture stays exact.
func TestExactCountsLetTheEstimateGo(t *testing.T) {
	m, _ := coldModel(t)
	m, count := firstEvaluation(t, m)
	if !m.analysis.Counted(tokens.Heuristic{}) {
		t.Fatal("the first picture was not counted with the heuristic")
	}
	m = settle(t, m, count)
	if m.pending != "" {
		t.Fatalf("still pending %q", m.pending)
	}
	if m.analysis.Counted(tokens.Heuristic{}) {
		t.Error("the heuristic's counts are kept after the exact ones are shown")
	}
	if !m.analysis.Counted(m.eval.Settings.Pipeline.Tokenizer) {
		t.Errorf("the %s counts shown are not kept", m.eval.Settings.Pipeline.Tokenizer.Name())
	}
}
