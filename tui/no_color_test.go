package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/window"
	"ctxlab/tui/views"
)

// Without colour every component has a fill of its own, which the
// window bar and the component bars share (the grid is the bar's
// legend), and the selected pipeline stage is bracketed.
func TestNoColorTellsComponentsAndStageApart(t *testing.T) {
	seen := map[string]string{}
	for _, name := range window.ComponentNames {
		fill := views.MonoFill(name)
		if fill == "" || fill == "░" {
			t.Errorf("%s has fill %q", name, fill)
		}
		if other, dup := seen[fill]; dup {
			t.Errorf("%s and %s share the fill %q", name, other, fill)
		}
		seen[fill] = name
	}

	m := newTestModel(t, "overflow", "mono", 120, 30)
	screen := ansi.Strip(m.View())
	lines := strings.Split(screen, "\n")
	bar := ""
	for _, l := range lines {
		if strings.HasPrefix(l, " Window ") {
			bar = l
		}
	}
	for _, name := range []string{window.ComponentHistory, window.ComponentRAG, window.ComponentToolResults} {
		fill := views.MonoFill(name)
		if !strings.Contains(bar, fill) {
			t.Errorf("the window bar lacks %s's fill %q: %q", name, fill, bar)
		}
		row := ""
		for _, l := range lines {
			if i := strings.Index(l, window.ComponentShort(name)+" "); i >= 0 {
				row = l[i:]
				break
			}
		}
		if !strings.Contains(row, fill+fill) {
			t.Errorf("%s's bar in the grid is not drawn in its fill %q: %q", name, fill, row)
		}
	}
	if !strings.Contains(screen, "[Budget ") {
		t.Errorf("the selected stage is not bracketed:\n%s", screen)
	}
}
