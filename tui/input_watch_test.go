package tui

import (
	"errors"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// TestWatchedInputsReadAgain sends the workbench its inputs read again
// after a change: the settings turned and the pinned baseline stay, the
// documents that came are marked and counted with those that went, a
// file that does not load leaves the last good inputs on screen with its
// error in the status line until a later read loads, and nothing panics.
func TestWatchedInputsReadAgain(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "p", "c")
	m.controls.SelectID("rag")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "900")
	m = keys(t, m, "enter", "esc")
	if m.settings.Budget.RetrievedContext != 900 {
		t.Fatalf("rag budget %d, want 900", m.settings.Budget.RetrievedContext)
	}
	base, pinned := m.Baseline()
	if !pinned {
		t.Fatal("no baseline pinned")
	}
	before := len(m.cfg.Scenario.Documents)

	// The file read again: two documents gone, three new.
	edited := *sampleScenario(t, "support_chat")
	docs := append([]value.Document{}, edited.Documents[2:]...)
	for _, src := range []string{"new-a.md", "new-b.md", "new-c.md"} {
		docs = append(docs, value.Document{Source: src, Content: "Refunds are issued within 60 days of purchase. " + src, Score: 0.99})
	}
	edited.Documents = docs
	m = send(t, m, InputsMsg{Changed: []string{"docs.jsonl"}, Scenario: &edited})

	if got := len(m.cfg.Scenario.Documents); got != before+1 {
		t.Fatalf("%d documents after the change, want %d", got, before+1)
	}
	if m.settings.Budget.RetrievedContext != 900 || m.eval.Settings.Budget.RetrievedContext != 900 {
		t.Errorf("the turned rag budget was not kept: settings %d, evaluated %d", m.settings.Budget.RetrievedContext, m.eval.Settings.Budget.RetrievedContext)
	}
	if b, ok := m.Baseline(); !ok || b != base {
		t.Error("the pinned baseline was not kept")
	}
	if m.Comparison() == nil {
		t.Error("no comparison with the baseline after the change")
	}
	if !strings.Contains(m.status.text, "docs.jsonl changed: 3 documents came, 2 went") {
		t.Errorf("status %q", m.status.text)
	}
	marked := 0
	for pos := range m.eval.Documents {
		if m.changed[pos] {
			marked++
			if src := m.eval.Documents[pos].Source; !strings.HasPrefix(src, "new-") {
				t.Errorf("row %d (%s) marked, which did not come", pos, src)
			}
		}
	}
	if marked != 3 {
		t.Errorf("%d rows marked, want the 3 that came", marked)
	}

	// Saved half-written: the error stays in the status line, the last
	// good inputs on screen, even once the status message expires.
	m = send(t, m, InputsMsg{Changed: []string{"docs.jsonl"}, Err: errors.New("docs.jsonl:4: unexpected end of JSON input")})
	if got := len(m.cfg.Scenario.Documents); got != before+1 {
		t.Errorf("%d documents after a failed read, want the last good %d", got, before+1)
	}
	m = send(t, m, clearStatusMsg{id: m.status.id})
	if footer := m.renderFooter(); !strings.Contains(footer, "cannot load docs.jsonl:4: unexpected end") {
		t.Errorf("footer after the status expired: %q", footer)
	}

	// Saved whole again: the error goes.
	m = send(t, m, InputsMsg{Changed: []string{"docs.jsonl"}, Scenario: sampleScenario(t, "support_chat")})
	m = send(t, m, clearStatusMsg{id: m.status.id})
	if footer := m.renderFooter(); strings.Contains(footer, "cannot load") {
		t.Errorf("the error stayed after a good read: %q", footer)
	}
	if got := len(m.cfg.Scenario.Documents); got != before {
		t.Errorf("%d documents, want %d", got, before)
	}

	// Far fewer documents against the baseline pinned on all of them,
	// then none: every view still draws.
	few := *sampleScenario(t, "support_chat")
	few.Documents = few.Documents[:2]
	m = send(t, m, InputsMsg{Changed: []string{"docs.jsonl"}, Scenario: &few})
	none := few
	none.Documents = nil
	m = send(t, m, InputsMsg{Changed: []string{"docs.jsonl"}, Scenario: &none})
	for _, k := range []string{"1", "2", "3", "4", "5", "6", "d", "v"} {
		m = keys(t, m, k)
		_ = m.View()
	}
	if !strings.Contains(m.status.text, "2 went") {
		t.Errorf("status after the last change: %q", m.status.text)
	}
}
