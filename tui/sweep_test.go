package tui

import (
	"strings"
	"testing"
)

// TestSweepSparklineBesideTheSelectedControl: focusing the strip on the
// dedup control draws its sweep beside it, the current value's bar
// marked; a control that cannot be swept draws none.
func TestSweepSparklineBesideTheSelectedControl(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "c")
	if m.controls.current().id != "dedup" {
		t.Fatalf("the strip opens on %q, want dedup", m.controls.current().id)
	}
	screen := m.View()
	i := strings.Index(screen, "▶dedup ◂0.85▸◀ ")
	if i < 0 {
		t.Fatalf("no selected dedup control:\n%s", screen)
	}
	spark := []rune(screen[i+len("▶dedup ◂0.85▸◀ "):])[:sparkCells]
	if !strings.ContainsRune(string(spark), '┃') || !strings.ContainsRune(string(spark), '█') {
		t.Errorf("beside the control %q, want a sparkline with the current value marked", string(spark))
	}
	m.controls.selectID("shingle")
	if screen := m.View(); strings.Contains(screen, "▶shingle ◂5▸◀ ▁") || strings.Contains(screen, "▶shingle ◂5▸◀ █") {
		t.Errorf("a sparkline beside shingle, which cannot be swept")
	}
}
