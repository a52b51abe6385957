package timeline

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/trajectory"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// axisWidth is the chart's left axis: a compact token count and a rule.
const axisWidth = 6

// offScaleRatio is how far below the window the highest turn must stay
// for the chart to take the turns' own scale: at a quarter of it or less
// the bars would be a row or two high under the window's line.
const offScaleRatio = 4

// Title is the box's title in a box w cells wide: the trajectory and its
// window, its model left out and then its name shortened where the whole
// title does not fit (the header above names the model too), so the
// window stays in sight.
func (m Model) Title(w int) string {
	t := m.src.Trajectory
	model := t.Model
	if model == "" {
		model = "no model"
	}
	win := t.Window
	if m.report != nil {
		win = m.report.Window
	}
	name, turns, window := safetext.Line(filepath.Base(t.Name)), numfmt.Count(len(t.Turns), "turn", "turns"), numfmt.Thousands(win)
	room := max(1, w-6)
	short, _ := draw.ElideMiddle(name, max(8, room-len("7 Timeline: , , window ")-len(turns)-len(window)))
	return draw.Fitting(room,
		fmt.Sprintf("7 Timeline: %s, %s, %s, window %s", name, turns, safetext.Line(model), window),
		fmt.Sprintf("7 Timeline: %s, %s, window %s", name, turns, window),
		fmt.Sprintf("7 Timeline: %s, %s, window %s", short, turns, window),
		fmt.Sprintf("7 Timeline: %s, window %s", turns, window))
}

// View draws the view's content: h lines of exactly w cells, which the
// workbench boxes without measuring them again.
func (m Model) View(st *themes.Styles, w, h int) string {
	w, h = max(1, w), max(1, h)
	switch {
	case m.err != nil:
		return fit(st.Warn.Render("⚠ the replay failed: "+safetext.Line(m.err.Error())), w, h)
	case m.report == nil:
		return fit(st.Muted.Render(fmt.Sprintf("replaying %s under every policy…", numfmt.Count(m.Turns(), "turn", "turns"))), w, h)
	}
	rep := m.report
	p := pens(st)
	paint := &painter{pens: &p}

	// Rows: the turn's line, the chart, its markers and turn numbers,
	// the policies side by side, the legend; the chart gives way first
	// to the policies, then to the legend, down to a few rows.
	legend := legendLines(paint, w)
	policyRows, legendRows := len(rep.Policies), len(legend)
	const fixed = 4 // the turn's line, the cache row, the markers, the turn numbers
	chart := h - fixed - policyRows - legendRows
	if chart < 6 {
		legendRows = 0
		chart = h - fixed - policyRows
	}
	if chart < 5 {
		policyRows = 1
		legendRows = min(len(legend), max(0, h-fixed-policyRows-4))
		chart = h - fixed - policyRows - legendRows
	}
	chart = max(1, chart)

	lines := make([]string, 0, h)
	lines = append(lines, m.turnLine(st, w))
	lines = append(lines, m.chartLines(paint, w, chart)...)
	if policyRows == len(rep.Policies) {
		for i := range rep.Policies {
			lines = append(lines, m.policyLine(st, i, w, false))
		}
	} else {
		lines = append(lines, m.policyLine(st, m.policy, w, true))
	}
	lines = append(lines, legend[:legendRows]...)
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return strings.Join(lines, "\n")
}

// fit cuts or pads text to h lines.
func fit(text string, w, h int) string {
	return draw.FitLines(text, w, h)
}

// turnLine describes the selected turn under the policy the bars show.
func (m Model) turnLine(st *themes.Styles, w int) string {
	rep := m.report
	i := m.turn
	sent := rep.Turns[i]
	p := rep.Policies[m.policy]
	tr := p.Turns[i]
	head := fmt.Sprintf("turn %s/%s", numfmt.Thousands(i+1), numfmt.Thousands(len(rep.Turns)))
	label := " (" + safetext.Line(sent.Label) + ")"
	open := ""
	if i == m.opened {
		open = " ● open"
	}
	tokens := fmt.Sprintf(" · %s: %s tokens", p.Label, numfmt.Thousands(tr.InputTokens))
	state, shortState := fmt.Sprintf(", %s cached", numfmt.Thousands(tr.CachedTokens)), ""
	if tr.OverWindow {
		state = fmt.Sprintf(" ▲ over the window with the %s reserve, refused", numfmt.Thousands(sent.Reserve))
		shortState = " ▲ over the window, refused"
	} else {
		shortState = state
	}
	removed, shortRemoved := "", ""
	if tr.Removed > 0 {
		removed = fmt.Sprintf(" · %s removed (%s tokens)", numfmt.Count(tr.Removed, "message", "messages"), numfmt.Thousands(tr.RemovedTokens))
		shortRemoved = fmt.Sprintf(" · %s removed", numfmt.Thousands(tr.Removed))
	}
	// As sent, a recorded turn shows the provider's cache figures beside
	// the prediction.
	recorded, shortRecorded := "", ""
	if rec := sent.Recorded; rec != nil && p.Policy().Kind == trajectory.KindAsSent && !tr.OverWindow {
		state = fmt.Sprintf(", %s cached, %s written", numfmt.Thousands(tr.CachedTokens), numfmt.Thousands(tr.CacheWrites))
		recorded = fmt.Sprintf(" · recorded %s cached, %s written", numfmt.Thousands(rec.CachedTokens), numfmt.Thousands(rec.CacheWriteTokens))
		shortRecorded = fmt.Sprintf(" · recorded %s cached", numfmt.Thousands(rec.CachedTokens))
		if rep.Recorded != nil && rep.Recorded.WarmTurn == i+1 {
			recorded += " (cache warm from before the trajectory)"
			shortRecorded += " (warm)"
		}
	}
	enter := ""
	if i != m.opened {
		enter = " · enter opens it"
	}
	// Narrower, the words go before the figures: the key, the label, the
	// reserve's size, the removed tokens.
	line := draw.Fitting(w,
		head+label+open+tokens+state+recorded+removed+enter,
		head+label+open+tokens+state+recorded+removed,
		head+open+tokens+state+recorded+removed,
		head+open+tokens+state+shortRecorded+removed,
		head+open+tokens+shortState+removed,
		head+open+tokens+shortState+shortRemoved,
	)
	var b strings.Builder
	b.WriteString(line)
	return st.Bold.Render(draw.PadRight(draw.Truncate(b.String(), w), w))
}

// compactTokens writes a count in at most five cells: 950, 9.9k, 128k,
// 1.2M.
func compactTokens(n int) string {
	switch {
	case n < 1000:
		return strconv.Itoa(n)
	case n < 10_000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + "k"
	case n < 1_000_000:
		return strconv.Itoa(int(math.Round(float64(n)/1000))) + "k"
	}
	return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
}

// chartLines draws the bars (rows high), the markers under them and the
// turn numbers.
func (m Model) chartLines(paint *painter, w, rows int) []string {
	rep := m.report
	pol := &rep.Policies[m.policy]
	n := len(rep.Turns)
	g := layoutColumns(n, w-axisWidth)
	// The scale is the same under every policy: the highest turn as sent
	// with its reserve, or the window. Turns far below the window get the
	// scale of their own peak, the window named above it, off the scale.
	peak := 0
	for _, t := range rep.Turns {
		peak = max(peak, t.InputTokens+t.Reserve)
	}
	top := max(rep.Window, peak)
	var out []string
	offScale := peak > 0 && peak*offScaleRatio <= rep.Window && rows > 2
	if offScale {
		// The reserve is drawn against the window; with the window off
		// the scale it would only crowd out the requests, so the scale
		// is theirs alone.
		top = 1
		for _, t := range rep.Turns {
			top = max(top, t.InputTokens)
		}
		rows--
		paint.text(draw.PadLeft(compactTokens(rep.Window), axisWidth-1))
		paint.cell(cellWindow, 1)
		note := " ↑ window " + compactTokens(rep.Window) + " above, off this scale; reserve not drawn"
		paint.text(draw.Truncate(note, max(0, w-axisWidth)))
		out = append(out, padTo(paint.line(), axisWidth+min(ansi.StringWidth(note), max(0, w-axisWidth)), w))
	}
	u := float64(max(1, top)) / float64(rows)
	windowRow := min(rows-1, int(float64(rep.Window)/u))
	if float64(rep.Window) == float64(windowRow)*u && windowRow > 0 {
		windowRow-- // the window at a row's lower edge: its line is the row below
	}
	if offScale {
		windowRow = -1
	}
	selected := g.column(m.turn)
	opened := -1
	if m.opened >= 0 {
		opened = g.column(m.opened)
	}
	// One column of cells per turn column, bottom up.
	grid := make([]cell, g.cols*rows)
	markers := make([]cell, g.cols)
	shownTurn := make([]int, g.cols)
	for c := range g.cols {
		from, to := g.span(c)
		drawn := from
		if c == selected {
			drawn = m.turn
		} else {
			for i := from + 1; i < to; i++ {
				if pol.Turns[i].InputTokens > pol.Turns[drawn].InputTokens {
					drawn = i
				}
			}
		}
		shownTurn[c] = drawn
		col := grid[c*rows : (c+1)*rows]
		reserve := rep.Turns[drawn].Reserve
		if offScale {
			reserve = 0
		}
		fillColumn(col, pol.Turns[drawn], reserve, u)
		// The chosen turn is marked by its number under the axis (↑27),
		// not in its column: a mark above the bar would read as tokens.
		for r := range col {
			if col[r] == cellEmpty && r == windowRow {
				col[r] = cellWindow
			}
		}
		switch {
		case pol.FirstOverflow > 0 && pol.FirstOverflow-1 >= from && pol.FirstOverflow-1 < to:
			markers[c] = cellOverFirst
		case anyOver(pol, from, to):
			markers[c] = cellOver
		case c == opened:
			markers[c] = cellOpened
		}
	}
	used := axisWidth + g.cols*g.colW // every chart line's width
	for r := rows - 1; r >= 0; r-- {
		label := ""
		switch r {
		case rows - 1:
			label = compactTokens(top)
		case windowRow:
			label = compactTokens(rep.Window)
		case 0:
			label = "0"
		}
		if r == rows-1 && r == windowRow {
			label = compactTokens(rep.Window)
		}
		paint.text(draw.PadLeft(label, axisWidth-1))
		if r == windowRow {
			paint.cell(cellWindow, 1)
		} else {
			paint.cell(cellAxis, 1)
		}
		for c := range g.cols {
			paint.cell(grid[c*rows+r], g.barW)
			if gap := g.colW - g.barW; gap > 0 {
				if grid[c*rows+r] == cellWindow || r == windowRow {
					paint.cell(cellWindow, gap)
				} else {
					paint.cell(cellEmpty, gap)
				}
			}
		}
		out = append(out, padTo(paint.line(), used, w))
	}
	paint.text(draw.PadLeft("cache", axisWidth-1))
	paint.cell(cellAxis, 1)
	for c := range g.cols {
		t := pol.Turns[shownTurn[c]]
		paint.glyph(cellShare, shareGlyph(t.CachedTokens, t.InputTokens), g.barW)
		paint.cell(cellEmpty, g.colW-g.barW)
	}
	out = append(out, padTo(paint.line(), used, w))
	paint.text(strings.Repeat(" ", axisWidth))
	for c := range g.cols {
		paint.cell(markers[c], 1)
		paint.cell(cellEmpty, g.colW-1)
	}
	out = append(out, padTo(paint.line(), used, w))
	out = append(out, turnNumbers(g, m.turn, w))
	return out
}

func anyOver(p *trajectory.PolicyResult, from, to int) bool {
	for i := from; i < to; i++ {
		if p.Turns[i].OverWindow {
			return true
		}
	}
	return false
}

// turnNumbers labels the axis: the first turn, the selected one under
// its column (↑27), the last.
func turnNumbers(g geometry, turn, w int) string {
	line := []rune(strings.Repeat(" ", max(1, w)))
	put := func(at int, s string) bool {
		r := []rune(s)
		if at < 0 || at+len(r) > len(line) {
			return false
		}
		for k := at - 1; k <= at+len(r); k++ {
			if k >= 0 && k < len(line) && line[k] != ' ' {
				return false
			}
		}
		copy(line[at:], r)
		return true
	}
	copy(line, []rune("turn"))
	if g.per == 1 && g.colW > len("↑"+numfmt.Thousands(g.n)) {
		// Columns wide enough for their numbers: each turn's under it.
		for i := range g.n {
			label := numfmt.Thousands(i + 1)
			if i == turn {
				label = "↑" + label
			}
			put(axisWidth+i*g.colW, label)
		}
		return string(line)
	}
	x := axisWidth + g.column(turn)*g.colW
	sel := "↑" + numfmt.Thousands(turn+1)
	if !put(x, sel) {
		right := numfmt.Thousands(turn+1) + "↑"
		put(x-len([]rune(right))+1, right)
	}
	if turn > 0 {
		put(axisWidth, "1")
	}
	if turn < g.n-1 {
		last := numfmt.Thousands(g.n)
		put(axisWidth+(g.cols-1)*g.colW+g.barW-len(last), last)
	}
	return string(line)
}

// padTo pads a line of used cells to w.
func padTo(line string, used, w int) string {
	if used >= w {
		return line
	}
	return line + strings.Repeat(" ", w-used)
}

// policyLine is policy i side by side with the others: how many turns
// it overflows, its cached share and its cost per 1,000 trajectories,
// and against a pinned baseline policy the difference. compact prefixes
// which policy of how many it is, for the one line a short screen has.
func (m Model) policyLine(st *themes.Styles, i, w int, compact bool) string {
	rep := m.report
	p := rep.Policies[i]
	mark := []rune("   ")
	if i == m.policy {
		mark[0] = '▸'
	}
	if i == m.baseline {
		mark[1] = 'B'
	}
	label := p.Label
	if !compact {
		label = draw.PadRight(label+":", m.labelWidth()+1)
	} else {
		label += ":"
	}
	text := fmt.Sprintf("%s%s %s, %s cached, %s per 1,000 trajectories", string(mark), label, overflowWords(p), percent(p.CachedShare()), numfmt.Dollars(p.Per1000USD))
	if compact {
		// The one line of a short screen: the cost first, where it is
		// not cut.
		text = fmt.Sprintf("%s%s %s per 1,000 trajectories, %s, %s cached", string(mark), label, numfmt.Dollars(p.Per1000USD), overflowWords(p), percent(p.CachedShare()))
	}
	if m.baseline >= 0 && i != m.baseline {
		text += " · vs B " + deltaWords(p, rep.Policies[m.baseline])
	} else if i == m.baseline {
		text += " · the baseline"
	}
	if compact {
		text = fmt.Sprintf("policy %d/%d ↑↓ %s", i+1, len(rep.Policies), strings.TrimLeft(text, " ▸"))
	}
	// Narrower, the same figures in fewer words.
	text = draw.Fitting(w, text,
		strings.NewReplacer(" trajectories", "", ": not priced", "").Replace(text),
		strings.NewReplacer(" per 1,000 trajectories", "/1k", "(first ", "(1st ", ", refused: not priced", ", refused").Replace(text),
		// Against a baseline: an overflow is said only when there is one.
		strings.NewReplacer(" per 1,000 trajectories", "/1k", "(first ", "(1st ", ", refused: not priced", ", refused",
			", no overflow", "", " pts cached", " pts", " pt cached", " pt").Replace(text),
	)
	text = draw.PadRight(draw.Truncate(text, w), w)
	if i == m.policy {
		return st.Selected.Render(text)
	}
	return st.Text.Render(text)
}

func (m Model) labelWidth() int {
	n := 0
	for _, p := range m.report.Policies {
		n = max(n, ansi.StringWidth(p.Label))
	}
	return n
}

func overflowWords(p trajectory.PolicyResult) string {
	if p.OverflowTurns == 0 {
		return "no overflow"
	}
	return fmt.Sprintf("%s over (first %s, refused: not priced)", numfmt.Thousands(p.OverflowTurns), numfmt.Thousands(p.FirstOverflow))
}

func percent(f float64) string { return strconv.Itoa(int(math.Round(f*100))) + "%" }

// deltaWords is policy p against baseline b: turns over the window,
// cached share in points, cost per 1,000 trajectories.
func deltaWords(p, b trajectory.PolicyResult) string {
	var parts []string
	if d := p.OverflowTurns - b.OverflowTurns; d != 0 {
		parts = append(parts, signed(d)+" over")
	}
	if d := int(math.Round(p.CachedShare()*100)) - int(math.Round(b.CachedShare()*100)); d != 0 {
		parts = append(parts, signed(d)+numfmt.Plural(max(d, -d), " pt", " pts")+" cached")
	}
	if d := p.Per1000USD - b.Per1000USD; !math.IsNaN(d) && math.Abs(d) >= 0.005 {
		s := numfmt.Dollars(d)
		if d > 0 {
			s = "+" + s
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "the same"
	}
	return strings.Join(parts, ", ")
}

func signed(d int) string {
	if d > 0 {
		return "+" + numfmt.Thousands(d)
	}
	return "−" + numfmt.Thousands(-d)
}

// wideLegend is the width from which the legend's words are whole.
const wideLegend = 160

// legendLines are the glyphs' meanings, packed into lines of width w.
func legendLines(paint *painter, w int) []string {
	var out []string
	used := 0
	for _, e := range legendCells {
		what := e.what
		if w < wideLegend {
			what = e.short
		}
		need := 1 + 1 + ansi.StringWidth(what) + 2
		if used > 0 && used+need > w {
			out = append(out, padTo(paint.line(), used, w))
			used = 0
		}
		if used > 0 {
			paint.text("  ")
			used += 2
		}
		paint.cell(e.c, 1)
		paint.text(" " + what)
		used += 2 + ansi.StringWidth(what)
	}
	if used > 0 {
		out = append(out, padTo(paint.line(), used, w))
	}
	return out
}
