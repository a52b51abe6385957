package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"ctxlab/tui/sweepview"
)

// TestSweepSparklineBesideTheSelectedControl: focusing the strip on the
// dedup control draws its sweep beside it, the current value's bar
// marked; a control that cannot be swept draws none.
func TestSweepSparklineBesideTheSelectedControl(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	m = keys(t, m, "c")
	if m.controls.Current().ID != "dedup" {
		t.Fatalf("the strip opens on %q, want dedup", m.controls.Current().ID)
	}
	screen := m.View()
	i := strings.Index(screen, "▶dedup ◂0.85▸◀ ")
	if i < 0 {
		t.Fatalf("no selected dedup control:\n%s", screen)
	}
	const label = "▶dedup ◂0.85▸◀ duplicates removed "
	if !strings.Contains(screen, label) {
		t.Fatalf("the sparkline beside dedup is not labelled %q:\n%s", label, screen)
	}
	spark := []rune(screen[i+len(label):])[:sweepview.SparkCells]
	if !strings.ContainsRune(string(spark), '┃') || !strings.ContainsRune(string(spark), '█') {
		t.Errorf("beside the control %q, want a sparkline with the current value marked", string(spark))
	}
	m.controls.SelectID("shingle")
	if screen := m.View(); strings.Contains(screen, "▶shingle ◂5▸◀ ▁") || strings.Contains(screen, "▶shingle ◂5▸◀ █") {
		t.Errorf("a sparkline beside shingle, which cannot be swept")
	}
}

// sweptAgainstBaseline pins the sample's settings, sets the dedup
// threshold to 0.70 and opens the Sweep view.
func sweptAgainstBaseline(t *testing.T, theme string, width, height int) Model {
	t.Helper()
	m := keys(t, newTestModel(t, "support_chat", theme, width, height), "p")
	next := m.settings
	next.Pipeline.DedupThreshold = 0.7
	m = settle(t, m, m.applySettings(next))
	return keys(t, m, "w")
}

// TestSweepMarksTheBaseline: with a baseline pinned, the Sweep view marks
// its value under the chart and its row in the table, and the sparkline
// beside the control marks its cell.
func TestSweepMarksTheBaseline(t *testing.T) {
	m := sweptAgainstBaseline(t, "mono", 160, 48)
	sw := m.sweeps.Sweep()
	if sw == nil || sw.Current != 0.7 || sw.BaselineIndex() < 0 || sw.Points[sw.BaselineIndex()].Value != 0.85 {
		t.Fatalf("sweep %+v; want the current 0.70 and the baseline 0.85 marked", sw)
	}
	// The whole view's text: the table runs below the screen.
	view := m.sweeps.View(m.styles, 160)
	for _, want := range []string{", B the baseline 0.85.", "B  0.85", "▲  0.70"} {
		if !strings.Contains(view, want) {
			t.Errorf("the Sweep view lacks %q:\n%s", want, view)
		}
	}
	m = keys(t, m, "c")
	if spark := m.controls.Spark(); !strings.ContainsRune(spark, 'B') || !strings.ContainsRune(spark, '┃') {
		t.Errorf("the sparkline %q marks the current value and the baseline", spark)
	}
	m = keys(t, m, "esc", "P", "w")
	if strings.Contains(m.View(), "B the baseline") {
		t.Errorf("P left the baseline marked in the Sweep view")
	}
}

// TestGoldenSweepBaseline pins the Sweep view with a baseline at both
// sizes.
func TestGoldenSweepBaseline(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {160, 48}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			golden.RequireEqual(t, []byte(sweptAgainstBaseline(t, "mono", size.w, size.h).View()))
		})
	}
}
