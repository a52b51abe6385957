package tui

import (
	"testing"

	"ctxlab/core/pipeline"
)

// TestRetrievalControls: the min score, top-k and scores controls reach
// the evaluation; a bad min score is refused where it was typed.
func TestRetrievalControls(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	sentBefore := len(m.eval.Build.IncludedDocs)
	m = keys(t, m, "c")
	m.controls.SelectID("top-k")
	m = keys(t, m, "right", "right", "right")
	if m.settings.Pipeline.TopK != 3 || len(m.eval.Build.IncludedDocs) != 3 {
		t.Fatalf("top k %d sent %d documents (before: %d)", m.settings.Pipeline.TopK, len(m.eval.Build.IncludedDocs), sentBefore)
	}
	m.controls.SelectID("scores")
	m = keys(t, m, "right")
	if m.settings.Pipeline.Scores != pipeline.ScoresDistance {
		t.Fatalf("scores %q", m.settings.Pipeline.Scores)
	}
	// Under distances the three lowest scores are the ones sent.
	worst := 2.0
	for _, d := range m.eval.Build.IncludedDocs {
		worst = min(worst, d.Score)
	}
	trace := &m.eval.Build.Trace
	for i := range trace.Len() {
		tr := trace.Doc(i)
		if tr.Fate == pipeline.FateFiltered && tr.FilterReason() != "" && trace.Score(i) < worst && trace.Tokens(i) >= m.settings.Pipeline.MinDocTokens {
			t.Errorf("#%d scored %v was left out while %v was sent: %s", i+1, trace.Score(i), worst, tr.FilterReason())
			break
		}
	}
	m.controls.SelectID("min-score")
	m = keys(t, m, "enter", "ctrl+u")
	m = typeText(t, m, "high")
	m = keys(t, m, "enter")
	if m.settings.Pipeline.MinScoreSet {
		t.Errorf("a min score of %q was taken", "high")
	}
	m = keys(t, m, "esc", "c")
	m.controls.SelectID("min-score")
	m = keys(t, m, "enter", "ctrl+u")
	m = typeText(t, m, "0.5")
	m = keys(t, m, "enter")
	if !m.settings.Pipeline.MinScoreSet || m.settings.Pipeline.MinScore != 0.5 {
		t.Errorf("min score %v set %v", m.settings.Pipeline.MinScore, m.settings.Pipeline.MinScoreSet)
	}
}
