package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/window"
)

// screenLines is the screen as plain lines.
func screenLines(m Model) []string {
	return strings.Split(ansi.Strip(m.View()), "\n")
}

// The first screen says, under the strip, why documents are left out
// while the window has room, and sends to the legend for why the strip
// counts them twice; at 80×24 in a line, the list keeping its rows.
func TestFirstScreenSaysTheAllocationDecides(t *testing.T) {
	for _, tt := range []struct {
		width, height int
		want          []string
	}{
		{80, 24, []string{"ℹ 40 left out with 121,108 free: RAG's 1,550 allocation decides", "?? why"}},
		{120, 40, []string{"ℹ 40 documents left out with 121,108 tokens free: RAG's 1,550 allocation decides, not the window", "?? why counted twice"}},
		{160, 45, []string{"not the window; counted at the budget, then after the assembler (?? why)"}},
		{200, 50, []string{"the retrieved context's 1,550-token allocation decides, not the window; the strip counts them at the budget, then after the assembler (?? why)"}},
	} {
		m := newTestModel(t, "support_chat", "mono", tt.width, tt.height)
		lines := screenLines(m)
		strip := -1
		for i, l := range lines {
			if strings.Contains(l, "Budget 11✓ 1✂ 38✗") {
				strip = i
			}
		}
		if strip < 0 || strip+1 >= len(lines) {
			t.Fatalf("%dx%d: no strip:\n%s", tt.width, tt.height, strings.Join(lines, "\n"))
		}
		hint := lines[strip+1]
		for _, w := range tt.want {
			if !strings.Contains(hint, w) {
				t.Errorf("%dx%d: the line under the strip lacks %q: %q", tt.width, tt.height, w, hint)
			}
		}
		if ansi.StringWidth(hint) > tt.width || strings.Contains(hint, "…") {
			t.Errorf("%dx%d: the hint does not fit: %q", tt.width, tt.height, hint)
		}
		if len(lines) != tt.height {
			t.Errorf("%dx%d: the screen has %d lines", tt.width, tt.height, len(lines))
		}
		if rows := m.listBodyHeight(); tt.height == 24 && rows < 8 {
			t.Errorf("80x24: the hint leaves the list %d rows", rows)
		}
	}
}

// With room for every document in the allocation, or measured as sent,
// there is nothing to explain and no line.
func TestNoAllocationHintWhenNothingIsLeftOut(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 80, 24)
	m = keys(t, m, "c")
	m.controls.SelectID("rag")
	m = keys(t, m, "enter", "ctrl+u")
	m = typeText(t, m, "20000")
	m = keys(t, m, "enter")
	if m.sent.Excluded != 0 {
		t.Fatalf("a 20,000-token allocation still leaves out %d documents", m.sent.Excluded)
	}
	if screen := ansi.Strip(m.View()); strings.Contains(screen, "allocation decides") || m.computeLayout().hint != 0 {
		t.Errorf("a hint with nothing left out:\n%s", screen)
	}

	m = newTestModel(t, "support_chat", "mono", 80, 24)
	m = keys(t, m, "c")
	m.controls.SelectID("assembly")
	m = keys(t, m, "right")
	if m.settings.Mode != window.MeasureOnly {
		t.Fatalf("mode %s", m.settings.Mode)
	}
	if screen := ansi.Strip(m.View()); strings.Contains(screen, "allocation decides") {
		t.Errorf("a hint for a request measured as sent:\n%s", screen)
	}
}

// The hint's line moves the panes down one: a click on the finding line
// still opens the Diagnosis view, and one on the first row selects it.
func TestAllocationHintKeepsTheMouseInPlace(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 80, 24)
	l := m.computeLayout()
	if l.hint != 1 {
		t.Fatalf("no hint line on the first screen")
	}
	lines := screenLines(m)
	if !strings.Contains(lines[l.mainTop()-1], "d: 6 findings") {
		t.Fatalf("line %d is not the finding line: %q", l.mainTop()-1, lines[l.mainTop()-1])
	}
	if !strings.HasPrefix(lines[l.mainTop()], "┏━ 1 Documents") {
		t.Errorf("line %d is not the list's top: %q", l.mainTop(), lines[l.mainTop()])
	}
}
