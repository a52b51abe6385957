package timeline

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core/trajectory"
	"ctxlab/themes"
)

// cell is what one cell of the chart shows.
type cell uint8

const (
	cellEmpty cell = iota
	cellWindow
	cellChosen // the legend's sign for the chosen turn's number, ↑27
	cellTools
	cellSystem
	cellSummary
	cellHistory
	cellQuery
	cellToolResults
	cellStubs
	cellReserve
	cellRemoved
	cellCached
	cellAxis
	cellOverFirst
	cellOver
	cellOpened
	cellShare // the cache row: eighth blocks, glyph chosen by share
	cellCount
)

// glyphs draw each cell: a pattern per part, so the bars read without
// colour.
var glyphs = [cellCount]string{
	cellEmpty: " ", cellWindow: "─", cellChosen: "↑",
	cellTools: "▓", cellSystem: "█", cellSummary: "≡", cellHistory: "▒", cellQuery: "▚",
	cellToolResults: "░", cellStubs: "▪", cellReserve: "┊", cellRemoved: "╳", cellCached: "━",
	cellAxis: "│", cellOverFirst: "▲", cellOver: "·", cellOpened: "●", cellShare: "▅",
}

// shareBlocks draw a turn's cached share in the cache row, an eighth a
// step.
var shareBlocks = []string{"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}

// shareGlyph is the block for a cached share; " " for none.
func shareGlyph(cached, input int) string {
	if cached <= 0 || input <= 0 {
		return " "
	}
	k := (cached*8 + input - 1) / input
	return shareBlocks[max(1, min(8, k))-1]
}

// legendCells are the legend's entries, in the order the bars stack.
var legendCells = []struct {
	c           cell
	what, short string
}{
	{cellCached, "cached prefix ends", "cached"}, {cellShare, "cached share (cache row)", "share"}, {cellReserve, "reserve", "reserve"}, {cellRemoved, "removed", "removed"},
	{cellWindow, "window", "window"}, {cellOverFirst, "first turn over it", "1st over"}, {cellOver, "over it", "over"},
	{cellOpened, "open in the views", "open"}, {cellChosen, "chosen turn (its number)", "chosen"},
	{cellTools, "tools", "tools"}, {cellSystem, "system", "system"}, {cellSummary, "summary", "summary"},
	{cellHistory, "history", "history"}, {cellQuery, "last user message", "user"}, {cellToolResults, "tool results", "results"},
	{cellStubs, "cleared stubs", "stubs"},
}

// pen is a style's escape sequences, taken once per frame, written
// around a run of cells.
type pen struct{ open, close string }

func penOf(s lipgloss.Style) pen {
	r := s.Render("x")
	i := strings.IndexByte(r, 'x')
	if i < 0 {
		return pen{}
	}
	return pen{open: r[:i], close: r[i+1:]}
}

// pens are every cell's pen under a theme.
func pens(st *themes.Styles) [cellCount]pen {
	comp := func(name string) pen { return penOf(st.Component[name]) }
	var p [cellCount]pen
	p[cellWindow] = penOf(st.Warn)
	p[cellChosen] = penOf(st.Accent)
	p[cellTools] = comp(themes.CompTools)
	p[cellSystem] = comp(themes.CompSystem)
	p[cellSummary] = penOf(st.Summarized)
	p[cellHistory] = comp(themes.CompHistory)
	p[cellQuery] = comp(themes.CompQuery)
	p[cellToolResults] = comp(themes.CompToolResults)
	p[cellStubs] = penOf(st.Faint)
	p[cellReserve] = comp(themes.CompReserve)
	p[cellRemoved] = penOf(st.Excluded)
	p[cellCached] = penOf(st.Accent)
	p[cellAxis] = penOf(st.Faint)
	p[cellOverFirst] = penOf(st.Warn)
	p[cellOver] = penOf(st.Warn)
	p[cellOpened] = penOf(st.Accent)
	p[cellShare] = penOf(st.Accent)
	return p
}

// painter writes cells into a line, opening a pen only where the cell
// kind changes.
type painter struct {
	b    strings.Builder
	pens *[cellCount]pen
	cur  cell
	open bool
}

func (p *painter) cell(c cell, n int) {
	p.glyph(c, glyphs[c], n)
}

// glyph writes n cells of c drawn as g.
func (p *painter) glyph(c cell, g string, n int) {
	if n <= 0 {
		return
	}
	if c == cellEmpty && p.open {
		// A blank takes no colour: written inside the run it interrupts,
		// it spares two escape sequences a gap.
		for range n {
			p.b.WriteByte(' ')
		}
		return
	}
	if !p.open || c != p.cur {
		p.end()
		p.b.WriteString(p.pens[c].open)
		p.cur, p.open = c, true
	}
	for range n {
		p.b.WriteString(g)
	}
}

// text writes plain text, outside any pen.
func (p *painter) text(s string) {
	p.end()
	p.b.WriteString(s)
}

func (p *painter) end() {
	if p.open {
		p.b.WriteString(p.pens[p.cur].close)
		p.open = false
	}
}

func (p *painter) line() string {
	p.end()
	s := p.b.String()
	p.b.Reset()
	return s
}

// geometry is how the turns map onto columns: per turns a column, each
// colW cells wide of which barW are the bar.
type geometry struct {
	n, per, cols, colW, barW int
}

// maxColumnWidth is the widest a turn's column gets, for a trajectory of
// a few turns.
const maxColumnWidth = 6

func layoutColumns(n, avail int) geometry {
	avail = max(1, avail)
	g := geometry{n: n, per: 1}
	if n <= avail {
		g.cols = n
		g.colW = min(maxColumnWidth, avail/max(1, n))
	} else {
		g.per = (n + avail - 1) / avail
		g.cols = (n + g.per - 1) / g.per
		g.colW = 1
	}
	g.barW = g.colW
	if g.colW >= 3 {
		g.barW = g.colW - 1 // a gap between bars
	}
	return g
}

// span is the turns column c covers, [from, to).
func (g geometry) span(c int) (from, to int) {
	return c * g.per, min(g.n, (c+1)*g.per)
}

// column is the column of turn i.
func (g geometry) column(i int) int { return i / g.per }

// segments are a turn's stacked parts under a policy, bottom up: the
// request in the order it is sent, the reserve, what the policy removed.
func segments(pt trajectory.TurnResult, reserve int) [9]struct {
	c cell
	n int
} {
	p := pt.Parts
	return [9]struct {
		c cell
		n int
	}{
		{cellTools, p.Fixed}, {cellSystem, p.System}, {cellSummary, p.Summary}, {cellHistory, p.History},
		{cellQuery, p.Query}, {cellToolResults, p.ToolResults}, {cellStubs, p.Stubs},
		{cellReserve, reserve}, {cellRemoved, pt.RemovedTokens},
	}
}

// fillColumn writes turn pt's bar into col, rows bottom up, each row u
// tokens; the cached prefix's end is marked where it falls.
func fillColumn(col []cell, pt trajectory.TurnResult, reserve int, u float64) {
	segs := segments(pt, reserve)
	k, end := 0, 0
	end = segs[0].n
	total := 0
	for _, s := range segs {
		total += s.n
	}
	for r := range col {
		mid := (float64(r) + 0.5) * u
		for k < len(segs) && float64(end) <= mid {
			k++
			if k < len(segs) {
				end += segs[k].n
			}
		}
		if k >= len(segs) {
			break
		}
		col[r] = segs[k].c
	}
	if total > 0 && col[0] == cellEmpty {
		// A bar under half a row still shows.
		for _, s := range segs {
			if s.n > 0 {
				col[0] = s.c
				break
			}
		}
	}
	if pt.CachedTokens > 0 && float64(pt.InputTokens) >= 3*u {
		// A bar of a row or two would be all mark: the cache row below
		// the bars says it.
		r := min(len(col)-1, int(float64(pt.CachedTokens)/u))
		if r > 0 && float64(pt.CachedTokens) < float64(r)*u+u/2 {
			r-- // the prefix ends in the lower half of the row: mark the row below
		}
		if col[r] != cellEmpty && col[r] != cellReserve && col[r] != cellRemoved {
			col[r] = cellCached
		}
	}
}
