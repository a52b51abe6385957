package tui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// TestFixPreviewScrolls: at 80×24 the preview lists more documents than
// its box holds; j and pgdn scroll it to the last one without closing it
// or moving the Diagnosis selection, k scrolls back, and a key of its own
// closes it and the status line that described it.
func TestFixPreviewScrolls(t *testing.T) {
	m := keys(t, newTestModel(t, "support_chat", "mono", 80, 24), "d", "f")
	if !m.fixes.Open() {
		t.Fatalf("f did not open the preview; status %q", m.status.text)
	}
	docs := m.fixes.Fixes()[m.fixes.Index()].Preview.Documents
	last := docs[len(docs)-1]
	lastLine := "#" + strconv.Itoa(last.Index+1) + " "
	if strings.Contains(ansi.Strip(m.View()), lastLine) {
		t.Fatalf("the test needs a preview longer than its box; %s is on the first page", lastLine)
	}
	if !strings.Contains(ansi.Strip(m.View()), "below (↓/pgdn scrolls)") {
		t.Errorf("the preview does not say more lines are below:\n%s", ansi.Strip(m.View()))
	}
	cursor := m.diagnosis.Cursor()
	m = keys(t, m, "j")
	if !m.fixes.Open() || m.fixes.Offset() != 1 || m.diagnosis.Cursor() != cursor {
		t.Fatalf("j: preview open %v, offset %d, finding %d (was %d)", m.fixes.Open(), m.fixes.Offset(), m.diagnosis.Cursor(), cursor)
	}
	m = keys(t, m, "pgdown", "pgdown", "pgdown", "pgdown")
	if screen := ansi.Strip(m.View()); !strings.Contains(screen, lastLine) {
		t.Errorf("after pgdn the last document %s is not on screen:\n%s", lastLine, screen)
	}
	end := m.fixes.Offset()
	m = keys(t, m, "j")
	if m.fixes.Offset() != end {
		t.Errorf("j at the end moved the preview from %d to %d", end, m.fixes.Offset())
	}
	m = keys(t, m, "k")
	if m.fixes.Offset() != end-1 {
		t.Errorf("k moved the preview from %d to %d", end, m.fixes.Offset())
	}
	if m.status.text == "" {
		t.Fatalf("no status while the preview is open")
	}
	m = keys(t, m, "esc")
	if m.fixes.Open() || m.status.text != "" {
		t.Errorf("esc: preview open %v, status %q", m.fixes.Open(), m.status.text)
	}
}

// TestFixPreviewDescriptionIsWhole: at 80 columns the preview opens on
// the fix's whole description, wrapped, not cut to a line; the request's
// figures follow it on the first page.
func TestFixPreviewDescriptionIsWhole(t *testing.T) {
	m := keys(t, newTestModel(t, "support_chat", "mono", 80, 24), "d", "f")
	if !m.fixes.Open() {
		t.Fatalf("f did not open the preview; status %q", m.status.text)
	}
	description := m.fixes.Fixes()[m.fixes.Index()].Description
	if lipgloss.Width(description) <= 76 {
		t.Fatalf("the test needs a description longer than a line: %q", description)
	}
	screen := ansi.Strip(m.View())
	var shown []string
	request := false
	for _, line := range strings.Split(screen, "\n") {
		line = strings.Trim(line, "┃ ")
		if strings.HasPrefix(line, "request ") {
			request = true
			break
		}
		if shown != nil || strings.HasPrefix(description, line[:min(len(line), 10)]) && line != "" {
			shown = append(shown, line)
		}
	}
	if got := strings.Join(strings.Fields(strings.Join(shown, " ")), " "); got != strings.Join(strings.Fields(description), " ") {
		t.Errorf("the preview's first lines say\n%q\nexpected the whole description\n%q\n%s", got, description, screen)
	}
	if !request {
		t.Errorf("the request's figures are not on the first page:\n%s", screen)
	}
}
