package budget

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/views"
)

// fullLabelColumn is the grid column width from which the bars are
// labelled with their components' words ("retrieved context") rather
// than the short forms ("RAG", which the legend ties to the words): a
// width alone, so a label never changes when a figure does. A column is
// 79 wide at 160 columns, where the words would take the room in which
// the retrieved context's marker says what its excess is ("▲ +269 ·
// (headers 279, 10 left unspent)"); from 181 columns there is room for
// both.
const fullLabelColumn = 90

// componentLabel is a component's name in the grid: its words when the
// column has room for them, else its short form.
func componentLabel(name string, full bool) string {
	if full {
		return window.ComponentWords(name)
	}
	return window.ComponentShort(name)
}

// labelWidth is the label column of a grid: the widest name it can hold
// and a space, the same for every cell so the bars line up.
func labelWidth(full bool) int {
	if !full {
		return 9
	}
	w := 0
	for _, name := range window.ComponentNames {
		w = max(w, len(window.ComponentWords(name)))
	}
	return w + 1
}

// Rows is how many lines the budget block takes at a width: the
// window bar plus the component grid.
func Rows(width int) int {
	if width >= ThreeColumnWidth {
		return 1 + 3
	}
	return 1 + 4
}

// ThreeColumnWidth is the width from which the component grid has three
// columns: below it a cell would leave its bar too short to read once
// markers such as "✂ cut from 1,830 · headers +280" are written out, and
// two columns give their bars and the components' words the width (at
// 200 columns, bars twice as long as three columns leave).
const ThreeColumnWidth = 240

// cellBarWidth is the length of every component's bar in a grid column
// colW wide whose labels take labelW. It depends on the width alone,
// never on the figures or markers, so a bar does not grow or shrink
// when a change makes a marker appear or a figure gain a digit: the
// figures (about "1,966/2,000") and the marker share what is left, the
// marker taking the wordiest form that fits. The marker's share grows
// with the column up to markerRoomMax, the room of "▲ +269 · (headers
// 279, 10 left unspent)" (at 160 columns, of "✂ cut from 1,830 · +280
// over"); the bar takes the rest, so a wide terminal's columns are
// filled by their bars, not left blank. At 80 columns that leaves
// "1,966/2,000 ✂ of 1,830" its room.
func cellBarWidth(colW, labelW int) int {
	markerRoom := min(markerRoomMax, 10+(colW-39)*3/5)
	return max(3, min(maxCellBarW, colW-labelW-len("1,966/2,000")-4-markerRoom))
}

// markerRoomMax is the most of a grid column the width sets aside for a
// component's marker; maxCellBarW the longest a component's bar gets.
const (
	markerRoomMax = 40
	maxCellBarW   = 60
)

// View draws the whole window split by component, then a bar per
// component of used against allocated. Every cell of the grid gives its
// bar, numbers and marker the same width, so the bars line up and are
// equal. With a baseline pinned (c not nil), a component whose tokens
// changed against it says by how many first.
func View(st *themes.Styles, ev *core.Evaluation, c *core.Comparison, width int) string {
	rows := Rows(width)
	if ev == nil || ev.Assembly == nil {
		return draw.FitLines(st.Muted.Render(" measuring…"), width, rows)
	}
	a := ev.Assembly
	lines := []string{renderWindowBar(st, a, bindingLimitOf(ev), width)}
	cols := 2
	if width >= ThreeColumnWidth {
		cols = 3
	}
	names := window.ComponentNames
	if cols == 2 {
		// Six allocated components in three rows, then the unallocated
		// lines together.
		names = append(append([]string{}, window.AllocatedComponentNames...), window.ComponentFraming, window.ComponentReserve)
	}
	colW := (width - 1) / cols
	full := colW >= fullLabelColumn
	labelW := labelWidth(full)
	var cells []componentCell
	numW := 0
	var levelW [markerLevels]int
	deltas := componentDeltas(c)
	for _, name := range names {
		comp, ok := a.Component(name)
		if !ok {
			continue
		}
		delta := deltas[name]
		if name == window.ComponentFraming && cols == 2 {
			labels, _ := a.Component(window.ComponentLabels)
			comp.Used += labels.Used
			comp.Raw += labels.Raw
			delta += deltas[window.ComponentLabels]
		}
		cell := componentCellFor(st, ev, comp, cols == 2, full)
		cell.markers = withDelta(st, cell.markers, delta)
		numW = max(numW, ansi.StringWidth(cell.nums))
		for level, form := range cell.markers {
			levelW[level] = max(levelW[level], ansi.StringWidth(form))
		}
		cells = append(cells, cell)
	}
	barW := cellBarWidth(colW, labelW)
	room := max(0, colW-labelW-barW-numW-4)
	level := markerLevels - 1
	for l, w := range levelW {
		if w <= room {
			level = l
			break
		}
	}
	// The shortest form is cut when even it does not fit.
	markerW := min(levelW[level], room)
	var rendered []string
	for _, cell := range cells {
		rendered = append(rendered, cell.render(st, colW, labelW, barW, numW, markerW, level))
	}
	for i := 0; i < len(rendered); i += cols {
		end := min(len(rendered), i+cols)
		row := " " + strings.Join(rendered[i:end], "")
		lines = append(lines, draw.PadRight(row, width))
	}
	return draw.FitLines(strings.Join(lines, "\n"), width, rows)
}

// minWindowBarW is the shortest the window bar gets, on a narrow terminal.
const minWindowBarW = 16

// maxWindowBarW is the longest the window bar gets on a wide terminal.
const maxWindowBarW = 40

// renderWindowBar is one bar for the window: each component's tokens,
// then the response reserve, then free space; then what limits the
// request, in as many words as the width leaves room for.
func renderWindowBar(st *themes.Styles, a *window.Assembly, limit bindingLimit, width int) string {
	label := " Window "
	// The bar's width depends on the terminal's alone, so the same share
	// looks the same whatever the statement beside it says; the statement
	// takes the wordiest form that fits the rest.
	barW := min(maxWindowBarW, max(minWindowBarW, width/6))
	room := width - len(label) - barW - 1
	statements := limit.statements(a)
	summary := " " + statements[len(statements)-1]
	for _, s := range statements {
		if ansi.StringWidth(s)+1 <= room {
			summary = " " + s
			break
		}
	}
	summary = draw.Truncate(summary, room)
	windowTokens := max(1, a.Window)
	total := a.Used + a.Budget.ResponseReserve
	scale := float64(barW) / float64(max(windowTokens, total))

	// Cells follow the running total, so the bar is as long as the
	// tokens are and a component small beside the window may take no
	// cell at all: a minimum per component made a 0.5% request look
	// like a tenth of the window. The input as a whole shows at least
	// one cell when it has any tokens.
	var b strings.Builder
	cells, running := 0, 0
	add := func(name string, tokens int) {
		if tokens <= 0 {
			return
		}
		running += tokens
		end := min(barW, int(float64(running)*scale+0.5))
		if name != window.ComponentReserve && cells == 0 {
			end = max(end, 1)
		}
		n := end - cells
		if n <= 0 {
			return
		}
		fill := "█"
		if st.Mono {
			fill = views.MonoFill(name)
		}
		b.WriteString(views.ComponentStyle(st, name).Render(strings.Repeat(fill, n)))
		cells += n
	}
	for _, name := range window.ComponentNames {
		if name == window.ComponentReserve {
			continue
		}
		if c, ok := a.Component(name); ok {
			add(name, c.Used)
		}
	}
	add(window.ComponentReserve, a.Budget.ResponseReserve)
	if cells < barW {
		b.WriteString(st.Free.Render(strings.Repeat("░", barW-cells)))
	}
	head := st.Bold.Render(label)
	tail := summary
	if limit.over > 0 {
		tail = st.Alert.Render(summary)
	}
	return head + b.String() + tail
}

// markerLevels is how many forms each marker has, from the wordiest to
// the tightest.
const markerLevels = 5

// componentCell is one component of the grid: "label ████░░ used/allocated
// marker", its parts kept apart so the grid can align them.
type componentCell struct {
	c     window.ComponentReport
	label string
	// wideLabel is the label in words, for a line without a bar, whose
	// label may run into the bar's cells.
	wideLabel string
	nums      string
	// markers are the marker's forms (styled), wordiest first: "✂ cut at
	// 1,550 of 1,830 · headers +280" down to "✂ of 1,830".
	markers [markerLevels]string
	// bar is false for the lines that have no allocation to fill.
	bar bool
}

func componentCellFor(st *themes.Styles, ev *core.Evaluation, c window.ComponentReport, narrow, full bool) componentCell {
	cell := componentCell{c: c, label: componentLabel(c.Name, full)}
	switch c.Name {
	case window.ComponentFraming, window.ComponentLabels:
		cell.nums = numfmt.Thousands(c.Used) + " tok"
		if narrow {
			// Framing and the assembler's headings share one line.
			cell.label, cell.wideLabel = window.ComponentShort(window.ComponentFraming)+"+", views.FramingAndHeadings
		}
		return cell
	case window.ComponentReserve:
		cell.nums = numfmt.Thousands(c.Allocated) + " reply"
		return cell
	}
	cell.bar = true
	cell.nums = numfmt.Thousands(c.Used) + "/" + numfmt.Thousands(c.Allocated)
	var own [markerLevels]string
	switch {
	case c.Over:
		over := "▲ over by " + numfmt.Thousands(c.Excess)
		plus := "▲ +" + numfmt.Thousands(c.Excess)
		own = [markerLevels]string{over, over, plus, plus, plus}
		for l := range own {
			own[l] = st.Excluded.Render(own[l])
		}
	case c.Truncated && droppedWhole(ev, c.Name):
		of := "✂ of " + numfmt.Thousands(c.Raw)
		own = [markerLevels]string{"✂ kept " + numfmt.Thousands(c.Used) + " of " + numfmt.Thousands(c.Raw) + " whole", "✂ kept from " + numfmt.Thousands(c.Raw), of, of, of}
		for l := range own {
			own[l] = st.Partial.Render(own[l])
		}
	case c.Truncated:
		of := "✂ of " + numfmt.Thousands(c.Raw)
		own = [markerLevels]string{"✂ cut at " + numfmt.Thousands(c.Used) + " of " + numfmt.Thousands(c.Raw), "✂ cut from " + numfmt.Thousands(c.Raw), of, of, of}
		for l := range own {
			own[l] = st.Partial.Render(own[l])
		}
	}
	cell.markers = own
	// The reference does not budget its headers: the block it builds
	// overshoots the allocation by them, whatever the assembler then does.
	if c.Name == window.ComponentRAG && ev.Build != nil && ev.Build.HeaderOverhead() > 0 && ev.Settings.Pipeline.BudgetMode == pipeline.BudgetReference {
		hdr := ev.Build.HeaderOverhead()
		if c.Over && c.Excess <= hdr && hdr-c.Excess <= max(2, hdr/50) {
			// The excess is the headers, give or take the contents' last
			// few tokens (measured as sent): one number.
			words := st.Excluded.Render("▲ +" + numfmt.Thousands(c.Excess) + " = headers")
			short := st.Excluded.Render("▲ +" + numfmt.Thousands(c.Excess) + " = hdr")
			cell.markers = [markerLevels]string{words, words, words, short, cell.markers[markerLevels-1]}
			return cell
		}
		words := st.Warn.Render("headers +" + numfmt.Thousands(hdr))
		short := st.Warn.Render("hdr +" + numfmt.Thousands(hdr))
		suffixes := [markerLevels]string{words, words, words, short, ""}
		switch o := ev.Build.Overshoot(ev.Settings.Budget.RetrievedContext); {
		case o.Over > 0 && c.Over:
			// Measured as sent, ▲ already gives the excess: what makes it.
			why := st.Warn.Render("(" + o.Why() + ")")
			suffixes[0], suffixes[1], suffixes[2] = why, why, why
		case o.Over > 0:
			// Cut to the allocation: the figure the finding gives, with
			// the headers and what the walk left unspent that make it
			// where there is room, so the other cells keep their words.
			over := st.Warn.Render("+" + numfmt.Thousands(o.Over) + " over")
			suffixes = [markerLevels]string{st.Warn.Render("+" + numfmt.Thousands(o.Over) + " over (" + o.Why() + ")"), over, over, over, ""}
			short = over
		}
		// The overshoot goes last of all: a grid too narrow for it
		// keeps the cut.
		for l := range cell.markers {
			switch {
			case suffixes[l] == "":
			case cell.markers[l] == "":
				cell.markers[l] = suffixes[l]
			case l < 3:
				cell.markers[l] += " · " + suffixes[l]
			default:
				cell.markers[l] += " " + suffixes[l]
			}
		}
		if cell.markers[markerLevels-1] == "" {
			cell.markers[markerLevels-1] = short
		}
	}
	return cell
}

func (cell componentCell) render(st *themes.Styles, width, labelW, barW, numW, markerW, level int) string {
	label := draw.PadRight(cell.label, labelW)
	bar := strings.Repeat(" ", barW)
	if cell.bar {
		fill := "█"
		if st.Mono {
			// The window bar's fill: the grid is its legend.
			fill = views.MonoFill(cell.c.Name)
		}
		bar = draw.MeterOf(st, views.ComponentStyle(st, cell.c.Name), fill, cell.c.Used, cell.c.Allocated, barW)
	} else if cell.wideLabel != "" && ansi.StringWidth(cell.wideLabel) < labelW+barW {
		label, bar = draw.PadRight(cell.wideLabel, labelW+barW), ""
	}
	marker := cell.markers[level]
	if ansi.StringWidth(marker) > markerW {
		marker = ansi.Truncate(marker, markerW, "…")
	}
	out := st.Muted.Render(label) + bar + " " + draw.PadLeft(cell.nums, numW) + " " + draw.PadRight(marker, markerW)
	// A cell must not run into the next: two blank columns.
	return draw.PadRight(out, width-2) + "  "
}

// droppedWhole: in the chat layout the component lost whole messages or
// tool definitions, the oldest first, rather than being cut in its text.
func droppedWhole(ev *core.Evaluation, name string) bool {
	if ev.Assembly == nil || ev.Assembly.Layout != window.LayoutChat {
		return false
	}
	switch name {
	case window.ComponentTools, window.ComponentHistory, window.ComponentToolResults:
		return true
	}
	return false
}
