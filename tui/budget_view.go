package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/themes"
)

// componentLabels are the short names the bars use.
var componentLabels = map[string]string{
	core.ComponentSystem:      "system",
	core.ComponentTools:       "tools",
	core.ComponentHistory:     "history",
	core.ComponentRAG:         "RAG",
	core.ComponentToolResults: "tool res",
	core.ComponentQuery:       "query",
	core.ComponentLabels:      "labels",
	core.ComponentFraming:     "framing",
	core.ComponentReserve:     "reserve",
}

// monoFills tell window-bar segments apart when there is no colour.
var monoFills = map[string]string{
	core.ComponentSystem: "█", core.ComponentTools: "▓", core.ComponentHistory: "▒", core.ComponentRAG: "█",
	core.ComponentToolResults: "▓", core.ComponentQuery: "▒", core.ComponentLabels: "▪", core.ComponentFraming: "▪",
	core.ComponentReserve: "╌",
}

func componentStyle(st *themes.Styles, name string) lipgloss.Style {
	key := name
	switch name {
	case core.ComponentLabels, core.ComponentFraming:
		key = themes.CompFraming
	}
	if s, ok := st.Component[key]; ok {
		return s
	}
	return st.Muted
}

// budgetRows is how many lines the budget block takes at a width: the
// window bar plus the component grid.
func budgetRows(width int) int {
	if width >= 120 {
		return 1 + 3
	}
	return 1 + 4
}

// renderBudget draws the whole window split by component, then a bar per
// component of used against allocated.
func renderBudget(st *themes.Styles, ev *core.Evaluation, width int) string {
	rows := budgetRows(width)
	if ev == nil || ev.Assembly == nil {
		return fitLines(st.Muted.Render(" measuring…"), width, rows)
	}
	a := ev.Assembly
	lines := []string{renderWindowBar(st, a, width)}
	cols := 2
	if width >= 120 {
		cols = 3
	}
	names := core.ComponentNames
	if cols == 2 {
		// Six allocated components in three rows, then the unallocated
		// lines together.
		names = append(append([]string{}, core.AllocatedComponentNames...), core.ComponentFraming, core.ComponentReserve)
	}
	colW := (width - 1) / cols
	var cells []string
	for _, name := range names {
		c, ok := a.Component(name)
		if !ok {
			continue
		}
		if name == core.ComponentFraming && cols == 2 {
			labels, _ := a.Component(core.ComponentLabels)
			c.Used += labels.Used
			c.Raw += labels.Raw
		}
		cells = append(cells, renderComponentCell(st, ev, c, colW, cols == 2))
	}
	for i := 0; i < len(cells); i += cols {
		end := min(len(cells), i+cols)
		row := " " + strings.Join(cells[i:end], "")
		lines = append(lines, padRight(row, width))
	}
	return fitLines(strings.Join(lines, "\n"), width, rows)
}

// renderWindowBar is one bar for the window: each component's tokens,
// then the response reserve, then free space.
func renderWindowBar(st *themes.Styles, a *core.Assembly, width int) string {
	summary := fmt.Sprintf(" %s / %s input · %.1f%%", thousands(a.Used), thousands(a.MaxInput), a.Utilization*100)
	if !a.Fits {
		summary = fmt.Sprintf(" %s / %s input · ▲ over by %s", thousands(a.Used), thousands(a.MaxInput), thousands(a.Used-a.MaxInput))
	}
	label := " Window "
	barW := max(10, width-len(label)-lipgloss.Width(summary)-1)
	window := max(1, a.Window)
	total := a.Used + a.Budget.ResponseReserve
	scale := float64(barW) / float64(max(window, total))

	var b strings.Builder
	cells := 0
	add := func(name string, tokens int) {
		if tokens <= 0 {
			return
		}
		n := max(1, int(float64(tokens)*scale+0.5))
		n = min(n, barW-cells)
		if n <= 0 {
			return
		}
		fill := "█"
		if st.Mono {
			fill = monoFills[name]
		}
		b.WriteString(componentStyle(st, name).Render(strings.Repeat(fill, n)))
		cells += n
	}
	for _, name := range core.ComponentNames {
		if name == core.ComponentReserve {
			continue
		}
		if c, ok := a.Component(name); ok {
			add(name, c.Used)
		}
	}
	add(core.ComponentReserve, a.Budget.ResponseReserve)
	if cells < barW {
		b.WriteString(st.Free.Render(strings.Repeat("░", barW-cells)))
	}
	head := st.Bold.Render(label)
	tail := summary
	if !a.Fits {
		tail = st.Alert.Render(summary)
	}
	return head + b.String() + tail
}

// renderComponentCell is "label ████░░ used/allocated marker".
func renderComponentCell(st *themes.Styles, ev *core.Evaluation, c core.ComponentReport, width int, narrow bool) string {
	label := padRight(componentLabels[c.Name], 9)
	var nums, marker string
	switch c.Name {
	case core.ComponentFraming, core.ComponentLabels:
		nums = thousands(c.Used) + " tok"
		if narrow {
			label = padRight("framing+", 9)
		}
	case core.ComponentReserve:
		nums = thousands(c.Allocated) + " reply"
	default:
		nums = thousands(c.Used) + "/" + thousands(c.Allocated)
		switch {
		case c.Over:
			marker = st.Excluded.Render("▲ +" + thousands(c.Excess))
		case c.Truncated:
			marker = st.Partial.Render("✂ of " + thousands(c.Raw))
		}
		if c.Name == core.ComponentRAG && ev.Build != nil && ev.Build.HeaderOverhead() > 0 && ev.Settings.Pipeline.BudgetMode == core.BudgetReference {
			if marker == "" {
				marker = st.Warn.Render("hdr +" + thousands(ev.Build.HeaderOverhead()))
			}
		}
	}
	markerW, numW := 12, 13
	if width < 45 {
		markerW, numW = 10, 11
	}
	numW = max(numW, len(nums))
	barW := max(3, width-9-numW-markerW-3)
	bar := ""
	switch c.Name {
	case core.ComponentFraming, core.ComponentLabels, core.ComponentReserve:
		bar = strings.Repeat(" ", barW)
	default:
		bar = meter(st, componentStyle(st, c.Name), c.Used, c.Allocated, barW)
	}
	cell := st.Muted.Render(label) + bar + " " + padLeft(nums, numW) + " " + padRight(marker, markerW)
	// The last cell of a row must not run into the next: one blank column.
	return padRight(cell, width-1) + " "
}

// meter is a bar of used against allocated, with eighth blocks for the
// remainder so small changes show.
func meter(st *themes.Styles, fill lipgloss.Style, used, allocated, width int) string {
	if allocated <= 0 {
		if used > 0 {
			return fill.Render(strings.Repeat("█", width))
		}
		return st.Free.Render(strings.Repeat("░", width))
	}
	eighths := int(float64(min(used, allocated)) / float64(allocated) * float64(width*8))
	full := eighths / 8
	partial := eighths % 8
	var b strings.Builder
	b.WriteString(strings.Repeat("█", full))
	rest := width - full
	if partial > 0 && rest > 0 {
		b.WriteString(string([]rune(" ▏▎▍▌▋▊▉")[partial]))
		rest--
	}
	return fill.Render(b.String()) + st.Free.Render(strings.Repeat("░", rest))
}
