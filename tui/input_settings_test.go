package tui

import (
	"errors"
	"strings"
	"testing"

	"ctxlab/loaders"
)

// A setting edited in a watched file is taken when its control was not
// turned by hand, and the status line names it; a control turned by
// hand keeps its value, and the status line says so.
func TestWatchedFileSettingsAreTaken(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	edited := *sampleScenario(t, "support_chat")
	edited.Settings.Pipeline.DedupThreshold = 0.7
	m = send(t, m, InputsMsg{Changed: []string{"support_chat.yaml"}, Scenario: &edited})
	if m.settings.Pipeline.DedupThreshold != 0.7 || m.eval.Settings.Pipeline.DedupThreshold != 0.7 {
		t.Errorf("the file's dedup threshold was not taken: control %v, evaluated %v", m.settings.Pipeline.DedupThreshold, m.eval.Settings.Pipeline.DedupThreshold)
	}
	if m.status.text != "support_chat.yaml changed: settings taken: dedup 0.85 → 0.70" {
		t.Errorf("status %q", m.status.text)
	}
	if strings.Contains(m.status.text, "the rest is read again") {
		t.Errorf("the status says nothing of the settings: %q", m.status.text)
	}

	// Turned by hand, the control keeps its value against the file's.
	m = keys(t, m, "c")
	m.controls.SelectID("dedup")
	m = keys(t, m, "right", "esc")
	turned := m.settings.Pipeline.DedupThreshold
	if turned == 0.7 {
		t.Fatal("→ did not turn the dedup control")
	}
	again := edited
	again.Settings.Pipeline.DedupThreshold = 0.6
	again.Settings.Pipeline.MinDocTokens = 9
	m = send(t, m, InputsMsg{Changed: []string{"support_chat.yaml"}, Scenario: &again})
	if m.settings.Pipeline.DedupThreshold != turned {
		t.Errorf("the hand-turned dedup %v was replaced by the file's: %v", turned, m.settings.Pipeline.DedupThreshold)
	}
	if m.settings.Pipeline.MinDocTokens != 9 {
		t.Errorf("the file's min tokens was not taken: %d", m.settings.Pipeline.MinDocTokens)
	}
	if n := strings.Count(m.status.text, "dedup"); n != 1 {
		t.Errorf("the status names dedup %d times: %q", n, m.status.text)
	}
	for _, want := range []string{"min tok 5 → 9", "dedup kept at 0.75 as turned by hand (the file says 0.60)"} {
		if !strings.Contains(m.status.text, want) {
			t.Errorf("status lacks %q: %q", want, m.status.text)
		}
	}
}

// A half-written file is named once in the status line, shortly enough
// to be read whole at 140 columns.
func TestWatchedFileErrorNamesTheFileOnce(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 140, 40)
	err := &loaders.Error{Name: "/tmp/watch/docs.json", Line: 1, Column: 3001, Msg: "invalid JSON: input ends inside a value", Err: errors.New("unexpected EOF")}
	m = send(t, m, InputsMsg{Changed: []string{"/tmp/watch/docs.json"}, Err: err})
	footer := m.renderFooter()
	if n := strings.Count(footer, "docs.json"); n != 1 {
		t.Errorf("the file is named %d times: %q", n, footer)
	}
	for _, want := range []string{"line 1, column 3001", "input ends inside a value", "last good inputs kept"} {
		if !strings.Contains(footer, want) {
			t.Errorf("footer lacks %q: %q", want, footer)
		}
	}
}

// A scenario's error wrapping its documents file's names the changed
// file once, where it is broken.
func TestWatchedDocumentsErrorInAScenarioNamesTheFileOnce(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 140, 40)
	inner := &loaders.Error{Name: "docs/support_kb.jsonl", Line: 5, Column: 93, Msg: "invalid JSON: input ends inside a value", Err: errors.New("unexpected EOF")}
	err := &loaders.Error{Name: "sc.yaml", Line: 163, Column: 12, Msg: `documents "docs/support_kb.jsonl"`, Err: inner}
	m = send(t, m, InputsMsg{Changed: []string{"docs/support_kb.jsonl"}, Err: err})
	footer := m.renderFooter()
	if n := strings.Count(footer, "support_kb.jsonl"); n != 1 {
		t.Errorf("the file is named %d times: %q", n, footer)
	}
	if !strings.Contains(footer, "cannot load docs/support_kb.jsonl: line 5, column 93: invalid JSON: input ends inside a value · last good inputs kept") {
		t.Errorf("footer %q", footer)
	}
}
