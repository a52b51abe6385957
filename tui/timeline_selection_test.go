package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/loaders/request"
)

// The chosen turn's column keeps its bar's height: nothing is drawn
// above the bar (a mark there reads as tokens), and every glyph of the
// chart is in the legend.
func TestTimelineSelectionKeepsTheBarsHeight(t *testing.T) {
	m := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 200, 60)
	m = keys(t, m, "left", "left", "left")
	screen := ansi.Strip(m.View())
	var chart []string
	legend := ""
	for _, l := range strings.Split(screen, "\n") {
		inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(l), "┃"), "┃")
		switch {
		case strings.Contains(l, "cached share") || strings.Contains(l, "open in the views") || strings.Contains(l, "last user message"):
			legend += l
		case strings.Contains(inner, "│") || strings.Contains(inner, "─"):
			chart = append(chart, inner)
		}
	}
	if len(chart) < 10 {
		t.Fatalf("no chart found:\n%s", screen)
	}
	for _, l := range chart {
		// The axis is the only vertical rule of a chart row.
		if n := strings.Count(l, "│") + strings.Count(l, "┼"); n > 1 {
			t.Errorf("a chart row draws a rule besides the axis: %q", l)
		}
	}
	for _, glyph := range []string{"↑", "─", "▲", "●", "▓", "█", "▒", "▚", "░", "┊", "━"} {
		if strings.Contains(screen, glyph) && !strings.Contains(legend, glyph+" ") {
			t.Errorf("%q is on screen but not in the legend:\n%s", glyph, legend)
		}
	}
}
