package tui

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/core"
)

// "N documents changed fate as sent" counts only the documents whose
// fate as sent changed (whole, in part, not sent); those that only moved
// between stages, not sent either way, are said apart, and the Compare
// view's rows agree with both counts.
func TestChangedStatusCountsOnlyFatesAsSent(t *testing.T) {
	m := keys(t, newTestModel(t, "support_chat", "mono", 160, 48), "p")
	next := m.settings
	next.Budget.RetrievedContext = 900
	m = settle(t, m, m.applySettings(next))
	m = keys(t, m, "v")

	asSent, stages := 0, 0
	for _, d := range m.comparison.Documents {
		switch {
		case d.Kind() == core.ChangeStage:
			stages++
		case d.Before != d.After:
			asSent++
		}
	}
	if asSent == 0 || stages == 0 {
		t.Fatalf("a 900-token RAG budget changes %d documents as sent and moves %d between stages; the test wants both", asSent, stages)
	}
	want := fmt.Sprintf("%d documents changed fate as sent: whole, in part or not sent; %d more moved between stages, not sent either way", asSent, stages)
	if !strings.Contains(m.status.text, want) {
		t.Errorf("status %q\nwant it to say %q", m.status.text, want)
	}
}
