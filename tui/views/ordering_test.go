package views

import (
	"context"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
)

// sampleEvaluation is the bundled support chat evaluated under its
// settings as change leaves them.
func sampleEvaluation(t *testing.T, change func(*core.Settings)) *core.Evaluation {
	t.Helper()
	sc, err := scenarioload.LoadFS(sample.FS, "support_chat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	change(&s)
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}, s)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestBudgetWalkNoteNamesDroppedStrongDocuments(t *testing.T) {
	ev := sampleEvaluation(t, func(*core.Settings) {})
	note := budgetWalkNote(ev.Build.Trace)
	if !strings.Contains(note, "ranks 2, 4") || !strings.Contains(note, "reference's behaviour") {
		t.Errorf("note = %q", note)
	}
	// With lost-in-the-middle off the budget walks relevance order: no
	// better-ranked document is excluded while a worse one is included.
	ev = sampleEvaluation(t, func(s *core.Settings) { s.Pipeline.LostInMiddle = false })
	if note := budgetWalkNote(ev.Build.Trace); strings.Contains(note, "ranks 2, 4") {
		t.Errorf("lost in the middle off, note = %q", note)
	}
}
