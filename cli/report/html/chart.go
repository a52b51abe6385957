package html

import (
	"fmt"

	"ctxlab/cli/report"
	"ctxlab/internal/numfmt"
)

// The charts are bars drawn in a 1000-unit wide SVG that stretches to
// its box: Go computes every segment here, the template writes them.
// Each component has a fill pattern of its own as well as a colour, so
// the bars read in grey and in print; every bar has a title and an
// aria-label saying its figures, and a table beside it holds them too.

const chartWidth = 1000

// patternIDs are the fill patterns' numbers (p0 … p8 in the page): as
// many as a request has components, so no two share a colour or a
// pattern.
var patternIDs = []int{0, 1, 2, 3, 4, 5, 6, 7, 8}

// bar is one SVG bar.
type bar struct {
	Label    string
	Segments []segment
	Markers  []marker
	// Breaks are axis breaks, drawn as a gap with zigzag edges; Note
	// says in words what a break shortened.
	Breaks []marker
	Note   string
}

// segment is one part of a bar; Class styles it (used, reserve, free,
// over) and Pattern fills a component's part.
type segment struct {
	X, W    string
	Class   string
	Pattern int
	Title   string
}

// marker is a vertical line across a bar: the max input, the window.
type marker struct {
	X     string
	Title string
}

// x writes a position in chart units.
func x(v float64) string { return fmt.Sprintf("%.2f", v) }

// scaled is v of total in chart units.
func scaled(v, total int) float64 {
	if total <= 0 {
		return 0
	}
	return float64(v) / float64(total) * chartWidth
}

// windowBar is the request in its window: each component's tokens in
// request order, then the room left, then the reply's reserve; a
// request over its max input runs past the marker into the reserve.
// When the reserve dwarfs the input (reserveDominates), the axis is
// broken: the input and the max input take most of the bar at their
// own scale, and the reserve is a shortened segment after a break, its
// size said in words (Note).
func windowBar(r *report.Report) bar {
	w := r.Window
	total := max(w.Window, w.Used+w.Reserve, w.Used, 1)
	pos := func(v int) float64 { return scaled(v, total) }
	b := bar{Label: fmt.Sprintf("Window bar: %s tokens used of %s max input (%s; the window is %s, %s of it reserved for the reply)",
		numfmt.Thousands(w.Used), numfmt.Thousands(w.MaxInput), fmt.Sprintf("%.1f%%", w.Utilization*100), numfmt.Thousands(w.Window), numfmt.Thousands(w.Reserve))}
	span := max(w.Used, w.MaxInput, 1)
	if reserveDominates(w) {
		// The input's own scale up to brokenInputEnd; the break; then
		// the rest of the window, the reserve, shortened.
		pos = func(v int) float64 {
			if v <= span {
				return float64(v) / float64(span) * brokenInputEnd
			}
			return chartWidth
		}
		b.Label += fmt.Sprintf("; the axis is broken: the reserve is drawn shortened, at its size it would take %.0f%% of the bar", float64(w.Reserve)/float64(total)*100)
		b.Note = fmt.Sprintf("Broken axis: the %s tokens reserved for the reply are drawn shortened after the break (≈); to scale they would fill %.0f%% of the bar and the input (%s) would be a sliver. Left of the break the bar is to scale: the input against the %s-token max input.",
			numfmt.Thousands(w.Reserve), float64(w.Reserve)/float64(total)*100, numfmt.Thousands(w.Used), numfmt.Thousands(max(w.MaxInput, 0)))
		b.Breaks = []marker{{X: x(brokenBreakAt), Title: "axis break: the reserve is shortened"}}
	}
	if w.Reserve > 0 {
		start := max(w.MaxInput, 0)
		b.Segments = append(b.Segments, segment{X: x(pos(start)), W: x(pos(w.Window) - pos(start)), Class: "reserve",
			Title: "reserved for the reply: " + numfmt.Thousands(w.Reserve) + " tokens"})
	}
	at := 0
	for i, c := range r.Components {
		if c.Used <= 0 || c.Reserve {
			continue
		}
		b.Segments = append(b.Segments, segment{X: x(pos(at)), W: x(pos(at+c.Used) - pos(at)), Class: "used", Pattern: i % len(patternIDs),
			Title: c.Name + ": " + numfmt.Thousands(c.Used) + " tokens"})
		at += c.Used
	}
	if over := w.Used - max(w.MaxInput, 0); over > 0 {
		from := max(w.MaxInput, 0)
		b.Segments = append(b.Segments, segment{X: x(pos(from)), W: x(pos(w.Used) - pos(from)), Class: "over",
			Title: "over the max input by " + numfmt.Thousands(over) + " tokens"})
	}
	if w.MaxInput > 0 {
		b.Markers = append(b.Markers, marker{X: x(pos(w.MaxInput)), Title: "max input " + numfmt.Thousands(w.MaxInput)})
	}
	b.Markers = append(b.Markers, marker{X: x(pos(w.Window)), Title: "window " + numfmt.Thousands(w.Window)})
	return b
}

// brokenInputEnd is where the input's scale ends on a broken axis, and
// brokenBreakAt where the break is drawn, inside the reserve.
const (
	brokenInputEnd = 700
	brokenBreakAt  = 820
)

// reserveDominates says the reply's reserve takes most of the window
// while the input, and its max input, take less than a tenth of it: to
// scale, the input would be a sliver beside the reserve.
func reserveDominates(w *report.Window) bool {
	span := max(w.Used, w.MaxInput)
	return w.Reserve > 0 && 2*w.Reserve > w.Window && 10*span < w.Window
}

// componentRow is one component's bar with its words.
type componentRow struct {
	report.Component
	Pattern int
	Bar     bar
}

// componentBars draws each component's used tokens against its
// allocation, on one scale, so the largest stands out.
func componentBars(r *report.Report) []componentRow {
	// The input's components set the scale; the reply's reserve joins
	// them unless it dwarfs the input, when its bar is drawn broken.
	broken := r.Window != nil && reserveDominates(r.Window)
	scale := 1
	for _, c := range r.Components {
		if c.Reserve && broken {
			continue
		}
		scale = max(scale, c.Used, c.Raw)
		if c.HasAllocation {
			scale = max(scale, c.Allocated)
		}
	}
	rows := make([]componentRow, 0, len(r.Components))
	for i, c := range r.Components {
		p := i % len(patternIDs)
		label := fmt.Sprintf("%s: %s tokens used", c.Name, numfmt.Thousands(c.Used))
		if c.HasAllocation {
			label += " of " + numfmt.Thousands(c.Allocated) + " allocated"
		}
		if c.Over > 0 {
			label += ", over by " + numfmt.Thousands(c.Over)
		}
		if c.Cut {
			label += ", cut from " + numfmt.Thousands(c.Raw)
		}
		b := bar{Label: label}
		if c.Cut && c.Raw > c.Used {
			b.Segments = append(b.Segments, segment{X: x(scaled(c.Used, scale)), W: x(scaled(c.Raw-c.Used, scale)), Class: "cut",
				Title: "cut: " + numfmt.Thousands(c.Raw-c.Used) + " tokens"})
		}
		within := c.Used
		if c.Over > 0 {
			within = c.Used - c.Over
		}
		b.Segments = append(b.Segments, segment{X: "0", W: x(scaled(within, scale)), Class: "used", Pattern: p, Title: label})
		if c.Over > 0 {
			b.Segments = append(b.Segments, segment{X: x(scaled(within, scale)), W: x(scaled(c.Over, scale)), Class: "over",
				Title: "over its allocation by " + numfmt.Thousands(c.Over)})
		}
		if c.HasAllocation {
			b.Markers = append(b.Markers, marker{X: x(scaled(c.Allocated, scale)), Title: "allocated " + numfmt.Thousands(c.Allocated)})
		}
		if c.Reserve && broken && c.Used > scale {
			// Drawn full width, with a break: to scale it would push
			// every other bar to a sliver.
			b = bar{Label: label + fmt.Sprintf("; drawn shortened, %.0f× the largest input component", float64(c.Used)/float64(scale)),
				Segments: []segment{{X: "0", W: x(chartWidth), Class: "used", Pattern: p, Title: label}},
				Breaks:   []marker{{X: x(chartWidth / 2), Title: "axis break: shortened"}}}
		}
		rows = append(rows, componentRow{Component: c, Pattern: p, Bar: b})
	}
	return rows
}

// funnelRow is one stage's bar.
type funnelRow struct {
	report.Stage
	Bar bar
}

// funnelBars draws the documents left after each stage against the
// input.
func funnelBars(stages []report.Stage) []funnelRow {
	input := 1
	if len(stages) > 0 {
		input = max(stages[0].Left, 1)
	}
	rows := make([]funnelRow, 0, len(stages))
	for _, s := range stages {
		label := fmt.Sprintf("%s: %s documents left", s.Name, numfmt.Thousands(s.Left))
		if s.Removed > 0 {
			label += ", " + numfmt.Thousands(s.Removed) + " removed"
		}
		b := bar{Label: label, Segments: []segment{{X: "0", W: x(scaled(s.Left, input)), Class: "used", Pattern: 0, Title: label}}}
		if s.Removed > 0 {
			b.Segments = append(b.Segments, segment{X: x(scaled(s.Left, input)), W: x(scaled(s.Removed, input)), Class: "cut", Title: numfmt.Thousands(s.Removed) + " removed here"})
		}
		rows = append(rows, funnelRow{Stage: s, Bar: b})
	}
	return rows
}

// spaceBar draws an item's share (of the max input; 1 is all of it).
func spaceBar(it report.SpaceItem) bar {
	label := fmt.Sprintf("%s: %s tokens, %s", it.What, numfmt.Thousands(it.Tokens), it.ShareText)
	w := min(it.Share, 1) * chartWidth
	b := bar{Label: label, Segments: []segment{{X: "0", W: x(w), Class: "used", Pattern: 1, Title: label}}}
	if it.Share > 1 {
		b.Segments[0].Class = "over"
	}
	return b
}

// queryBar draws a query's recall, from 0 to 1; "" when not measured.
func queryBar(q report.Query) *bar {
	var v float64
	if _, err := fmt.Sscanf(q.Recall, "%g", &v); err != nil {
		return nil
	}
	label := "recall " + q.Recall
	return &bar{Label: label, Segments: []segment{
		{X: "0", W: x(v * chartWidth), Class: "used", Pattern: 2, Title: label},
		{X: x(v * chartWidth), W: x((1 - v) * chartWidth), Class: "cut", Title: "lost"},
	}}
}
