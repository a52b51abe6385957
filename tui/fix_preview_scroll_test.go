package tui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFixPreviewScrolls: at 80×24 the preview lists more documents than
// its box holds; j and pgdn scroll it to the last one without closing it
// or moving the Diagnosis selection, k scrolls back, and a key of its own
// closes it and the status line that described it.
func TestFixPreviewScrolls(t *testing.T) {
	m := keys(t, newTestModel(t, "support_chat", "mono", 80, 24), "d", "f")
	if !m.fixes.open {
		t.Fatalf("f did not open the preview; status %q", m.status.text)
	}
	docs := m.fixes.fixes[m.fixes.index].Preview.Documents
	last := docs[len(docs)-1]
	lastLine := "#" + strconv.Itoa(last.Index+1) + " "
	if strings.Contains(ansi.Strip(m.View()), lastLine) {
		t.Fatalf("the test needs a preview longer than its box; %s is on the first page", lastLine)
	}
	if !strings.Contains(ansi.Strip(m.View()), "below (↓/pgdn scrolls)") {
		t.Errorf("the preview does not say more lines are below:\n%s", ansi.Strip(m.View()))
	}
	cursor := m.diagnosis.cursor
	m = keys(t, m, "j")
	if !m.fixes.open || m.fixes.offset != 1 || m.diagnosis.cursor != cursor {
		t.Fatalf("j: preview open %v, offset %d, finding %d (was %d)", m.fixes.open, m.fixes.offset, m.diagnosis.cursor, cursor)
	}
	m = keys(t, m, "pgdown", "pgdown", "pgdown", "pgdown")
	if screen := ansi.Strip(m.View()); !strings.Contains(screen, lastLine) {
		t.Errorf("after pgdn the last document %s is not on screen:\n%s", lastLine, screen)
	}
	end := m.fixes.offset
	m = keys(t, m, "j")
	if m.fixes.offset != end {
		t.Errorf("j at the end moved the preview from %d to %d", end, m.fixes.offset)
	}
	m = keys(t, m, "k")
	if m.fixes.offset != end-1 {
		t.Errorf("k moved the preview from %d to %d", end, m.fixes.offset)
	}
	if m.status.text == "" {
		t.Fatalf("no status while the preview is open")
	}
	m = keys(t, m, "esc")
	if m.fixes.open || m.status.text != "" {
		t.Errorf("esc: preview open %v, status %q", m.fixes.open, m.status.text)
	}
}

// TestFixPreviewNarrowPutsTheFiguresFirst: below fixNarrowWidth the
// preview opens on the fix's name and its figures, its reason last,
// where scrolling reaches it; wide, the description comes whole first.
func TestFixPreviewNarrowPutsTheFiguresFirst(t *testing.T) {
	const description = "Budget before reordering: the budget takes the documents strongest first"
	if head, why := fixExplanation(description, 80); head != "Budget before reordering" || why != "the budget takes the documents strongest first" {
		t.Errorf("at 80 columns: %q, then %q", head, why)
	}
	if head, why := fixExplanation(description, 120); head != description || why != "" {
		t.Errorf("at 120 columns: %q, then %q", head, why)
	}
	m := keys(t, newTestModel(t, "support_chat", "mono", 80, 24), "d", "f")
	lines := fixPreviewLines(m.styles, m.fixes, 80)
	if !strings.HasPrefix(ansi.Strip(lines[1]), " request ") {
		t.Errorf("at 80 columns the second line is %q, want the request's figures", ansi.Strip(lines[1]))
	}
	if last := ansi.Strip(strings.Join(lines, "\n")); !strings.Contains(last, " why: ") {
		t.Errorf("at 80 columns the reason is not in the preview:\n%s", last)
	}
}
