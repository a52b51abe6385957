package tui

import (
	"strings"
	"testing"

	"ctxlab/tui/views"
)

// Without colour a removed duplicate is marked by its glyph and a plain
// "(dup)" before its source, never by combining strokes (U+0336), which
// many terminals and screen readers render badly; the legend says so.
func TestMonoDuplicatesWithoutCombiningStrokes(t *testing.T) {
	t.Parallel()
	m := newTestModel(t, "support_chat", "mono", 100, 30)
	m = keys(t, m, "[", "[")
	screen := m.View()
	if strings.ContainsRune(screen, '\u0336') {
		t.Errorf("combining strokes on the mono screen:\n%s", screen)
	}
	found := false
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "≈   19") && strings.Contains(line, "(dup) help") {
			found = true
		}
	}
	if !found {
		t.Errorf("the near duplicate #19 is not marked ≈ and (dup):\n%s", screen)
	}
	legend := views.Legend(m.styles, 100)
	if strings.ContainsRune(legend, '\u0336') || !strings.Contains(legend, "(dup)") {
		t.Errorf("the mono legend does not name (dup) plainly:\n%s", legend)
	}
}
