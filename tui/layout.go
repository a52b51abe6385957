package tui

import (
	"strings"

	"github.com/mattn/go-runewidth"

	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/budget"
	"ctxlab/tui/draw"
)

// Minimum terminal size the layout is designed for.
const (
	minWidth  = 80
	minHeight = 24
	// wideWidth puts the inspector beside the list.
	wideWidth = 100
)

// layout is the height of each band and the split of the main area.
type layout struct {
	budget, banner, finding, main, controls int
	// hint is the line under the strip that says why documents are left
	// out while the window has room (budget.HintWords), 0 or 1.
	hint         int
	listW, inspW int
}

func (m *Model) computeLayout() layout {
	// The worst finding always has its line, even at 80×24: it is the
	// first thing a user should read.
	l := layout{budget: budget.Rows(m.width), finding: 1, controls: 2}
	switch {
	case m.height >= 48:
		l.controls = 4
	case m.height >= 32:
		l.controls = 3
	}
	// A wide terminal may need fewer rows than it could give: no blank
	// row above the footer. Focused, the strip keeps one for its hint.
	need := m.controls.RowsNeeded(m.settings, m.width-1)
	if m.focus == paneControls {
		need++
	}
	l.controls = max(2, min(l.controls, need))
	if text := m.bannerText(); text != "" {
		// An alert is read whole: it takes a second line rather than be
		// cut, and a third only on a tall terminal.
		l.banner = min(len(draw.HangingWrap(text, m.width-2, 2)), 2)
		if m.height >= 40 {
			l.banner = min(len(draw.HangingWrap(text, m.width-2, 2)), 3)
		}
	}
	if budget.HintWords(m.eval, m.sent) != nil {
		l.hint = 1
	}
	// header + budget + pipeline + hint + banner + finding + main +
	// controls + footer
	l.main = max(3, m.height-1-l.budget-1-l.hint-l.banner-l.finding-l.controls-1)
	if m.wide {
		l.listW = max(44, m.width*3/5)
		l.inspW = m.width - l.listW
	} else {
		l.listW, l.inspW = m.width, m.width
	}
	return l
}

// layoutPanes sizes the scrolling panes after a resize or a focus change.
func (m *Model) layoutPanes() {
	m.wide = m.width >= wideWidth
	l := m.computeLayout()
	m.inspector.vp.Width = max(10, l.inspW-4)
	m.inspector.vp.Height = max(1, l.main-2)
	m.views.vp.Width = max(10, m.width-2)
	m.views.vp.Height = max(1, l.main-2)
	m.help.Width = m.width
	m.inspector.key, m.views.key = "", ""
	m.list.ScrollTo(m.listBodyHeight())
	m.space.ScrollTo(m.spaceRowsVisible())
	m.evalView.Fit(l.main - 2)
}

// listBodyHeight is the number of document rows visible.
func (m *Model) listBodyHeight() int {
	return max(1, m.computeLayout().main-2-1)
}

// box draws a bordered pane of exactly w×h cells with its title in the
// top border, thick and accented when focused.
func box(st *themes.Styles, title, content string, w, h int, focused bool) string {
	border := st.Pane.GetBorderStyle()
	edge := st.Pane.GetBorderTopForeground()
	titleStyle := st.PaneTitle
	if focused {
		border = st.PaneFocused.GetBorderStyle()
		edge = st.PaneFocused.GetBorderTopForeground()
		titleStyle = st.PaneTitleFocused
	}
	paint := st.Text.Foreground(edge)
	if st.Mono {
		paint = st.Text
	}
	inner := max(1, w-2)
	title = draw.Truncate(safetext.Line(title), max(1, inner-4))
	top := paint.Render(border.TopLeft+border.Top) + titleStyle.Render(" "+title+" ")
	fill := inner - 1 - runewidth.StringWidth(title) - 2
	top += paint.Render(strings.Repeat(border.Top, max(0, fill)) + border.TopRight)
	lines := []string{draw.PadRight(top, w)}
	body := strings.Split(draw.FitLines(content, inner, max(0, h-2)), "\n")
	for _, l := range body {
		lines = append(lines, paint.Render(border.Left)+l+paint.Render(border.Right))
	}
	lines = append(lines, paint.Render(border.BottomLeft+strings.Repeat(border.Bottom, inner)+border.BottomRight))
	return strings.Join(lines, "\n")
}

// mainTop is the screen row where the main area's box starts: below the
// header, the budget, the pipeline strip, the banner and the finding line.
func (l layout) mainTop() int { return 1 + l.budget + 1 + l.hint + l.banner + l.finding }
