package tui

import "testing"

// TestOpenedQueryIsTheDocumentSet checks that a query opened from the Eval
// view replaces what the workbench keeps per document set: the set's
// size, which decides whether exact counts run inline, and the text index
// the diagnosis compares documents with.
func TestOpenedQueryIsTheDocumentSet(t *testing.T) {
	m := newEvalModel(t, 160, 48)
	before := m.texts
	m = keys(t, m, "j", "j", "enter") // q03
	want := 0
	for _, d := range m.cfg.Scenario.Documents {
		want += len(d.Content)
	}
	if m.docBytes != want {
		t.Errorf("document bytes %d after opening q03, want its documents' %d", m.docBytes, want)
	}
	if m.texts == nil || m.texts == before {
		t.Errorf("the diagnosis's text index is still the last document set's")
	}
}
