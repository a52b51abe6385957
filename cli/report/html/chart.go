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
func windowBar(r *report.Report) bar {
	w := r.Window
	total := max(w.Window, w.Used+w.Reserve, w.Used, 1)
	b := bar{Label: fmt.Sprintf("Window bar: %s tokens used of %s max input (%s; the window is %s, %s of it reserved for the reply)",
		numfmt.Thousands(w.Used), numfmt.Thousands(w.MaxInput), fmt.Sprintf("%.1f%%", w.Utilization*100), numfmt.Thousands(w.Window), numfmt.Thousands(w.Reserve))}
	if w.Reserve > 0 {
		start := max(w.MaxInput, 0)
		b.Segments = append(b.Segments, segment{X: x(scaled(start, total)), W: x(scaled(w.Window-start, total)), Class: "reserve",
			Title: "reserved for the reply: " + numfmt.Thousands(w.Reserve) + " tokens"})
	}
	at := 0
	for i, c := range r.Components {
		if c.Used <= 0 || c.Reserve {
			continue
		}
		b.Segments = append(b.Segments, segment{X: x(scaled(at, total)), W: x(scaled(c.Used, total)), Class: "used", Pattern: i % len(patternIDs),
			Title: c.Name + ": " + numfmt.Thousands(c.Used) + " tokens"})
		at += c.Used
	}
	if over := w.Used - max(w.MaxInput, 0); over > 0 {
		b.Segments = append(b.Segments, segment{X: x(scaled(max(w.MaxInput, 0), total)), W: x(scaled(over, total)), Class: "over",
			Title: "over the max input by " + numfmt.Thousands(over) + " tokens"})
	}
	if w.MaxInput > 0 {
		b.Markers = append(b.Markers, marker{X: x(scaled(w.MaxInput, total)), Title: "max input " + numfmt.Thousands(w.MaxInput)})
	}
	b.Markers = append(b.Markers, marker{X: x(scaled(w.Window, total)), Title: "window " + numfmt.Thousands(w.Window)})
	return b
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
	scale := 1
	for _, c := range r.Components {
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
