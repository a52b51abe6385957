package tui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/value"
)

// TestFindJumpsToAControlByName: f from the list opens the find; typing
// a name (fuzzily) selects its control at once, enter keeps it, and esc
// goes back to the control selected before.
func TestFindJumpsToAControlByName(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	m = keys(t, m, ":")
	if m.focus != paneControls || !m.controls.Finding() {
		t.Fatalf("f: focus %v, finding %v", m.focus, m.controls.Finding())
	}
	if !strings.Contains(m.View(), "find a control:") {
		t.Error("the find input is not on screen")
	}
	m = typeText(t, m, "reserv")
	if got := m.controls.Current().ID; got != "reserve" {
		t.Errorf("typing reserv selected %q", got)
	}
	m = keys(t, m, "enter")
	if m.controls.Finding() || m.controls.Current().ID != "reserve" || m.focus != paneControls {
		t.Fatalf("enter: finding %v on %q", m.controls.Finding(), m.controls.Current().ID)
	}
	// Steps now apply to the control found.
	before := m.settings.Budget.ResponseReserve
	m = keys(t, m, "right")
	if m.settings.Budget.ResponseReserve <= before {
		t.Errorf("→ after the find left the reserve at %d", m.settings.Budget.ResponseReserve)
	}
	// Inside the strip : finds too; a fuzzy name ("tlres": tool res) works,
	// and esc returns to the reserve.
	m = keys(t, m, ":")
	m = typeText(t, m, "tlres")
	if got := m.controls.Current().ID; got != "tool-results" {
		t.Errorf("typing tlres selected %q", got)
	}
	m = keys(t, m, "esc")
	if m.controls.Finding() || m.controls.Current().ID != "reserve" {
		t.Errorf("esc: finding %v on %q, want back on reserve", m.controls.Finding(), m.controls.Current().ID)
	}
}

// TestRequestWithoutDocumentsShowsTheWindowFirst: with nothing to
// retrieve, the pipeline's knobs go last and the window and the
// allocations open the strip; with documents the table's order stays.
func TestRequestWithoutDocumentsShowsTheWindowFirst(t *testing.T) {
	sc := &core.Scenario{Name: "chat", Settings: core.DefaultSettings(),
		History: []value.Message{{Role: "user", Content: "Hello"}, {Role: "assistant", Content: "Hi, how can I help?"}}}
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m = settle(t, m, m.Init())
	ids := make([]string, len(m.controls.Controls()))
	for i, c := range m.controls.Controls() {
		ids[i] = c.ID
	}
	firstPipeline := len(ids)
	for _, pipelineOnly := range []string{"dedup", "shingle", "min-tokens"} {
		firstPipeline = min(firstPipeline, slices.Index(ids, pipelineOnly))
	}
	for _, want := range []string{"window", "system", "tools", "history", "tool-results", "reserve"} {
		if i := slices.Index(ids, want); i < 0 || i > firstPipeline {
			t.Errorf("%s does not come before the pipeline's controls for a request with no documents: %s", want, strings.Join(ids, " "))
		}
	}
	strip := ansi.Strip(m.View())
	if !strings.Contains(strip, "window ◂") || !strings.Contains(strip, "system ◂") {
		t.Errorf("the 80×24 screen does not show the window and allocation controls:\n%s", strip)
	}

	withDocs := newTestModel(t, "support_chat", "mono", 80, 24)
	if got := withDocs.controls.Controls()[0].ID; got != "dedup" {
		t.Errorf("with documents the strip starts with %q, want the table's first, dedup", got)
	}
}
