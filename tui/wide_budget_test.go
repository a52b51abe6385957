package tui

import (
	"strings"
	"testing"

	"ctxlab/tui/budget"

	"github.com/charmbracelet/x/ansi"
)

// A wide terminal's budget grid gives its width to the bars: at 160 and
// 200 columns each bar takes more than a fifth of its grid column,
// and the grid's widest row reaches across most of the screen.
func TestWideBudgetBarsUseTheWidth(t *testing.T) {
	for _, width := range []int{160, 200} {
		m := newTestModel(t, "support_chat", "mono", width, 48)
		grid := budget.View(m.styles, m.eval, nil, width)
		cols := 2
		if width >= budget.ThreeColumnWidth {
			cols = 3
		}
		for name, n := range barLengths(t, grid) {
			if n*5 <= width/cols {
				t.Errorf("%d columns: the %s bar is %d cells of a %d-cell column", width, name, n, width/cols)
			}
		}
		widest := 0
		for _, line := range strings.Split(ansi.Strip(grid), "\n")[1:] {
			widest = max(widest, ansi.StringWidth(strings.TrimRight(line, " ")))
		}
		if widest*10 < width*9 {
			t.Errorf("%d columns: the grid's widest row ends at %d:\n%s", width, widest, ansi.Strip(grid))
		}
	}
}
