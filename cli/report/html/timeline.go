package html

import (
	"fmt"

	"ctxlab/cli/report"
	"ctxlab/internal/numfmt"
)

// timelineHeight is the timeline's height in chart units; its width is
// chartWidth.
const timelineHeight = 260

// timeline is a trajectory's turns as stacked columns: each component's
// tokens in its pattern, the reply's reserve hatched on top, the window
// as a horizontal line, the part over it cross-hatched, the prefix the cache serves outlined, and the first
// turn over the window marked by a vertical line.
type timeline struct {
	Label    string
	Height   int
	Columns  []column
	WindowY  string
	FirstX   string
	FirstTip string
	Legend   []legendItem
}

// column is one turn.
type column struct {
	Title    string
	Segments []rectangle
	Reserve  *rectangle
	Over     *rectangle
	Cached   *rectangle
}

// rectangle is a rectangle in chart units.
type rectangle struct {
	X, Y, W, H string
	Pattern    int
	Title      string
}

// legendItem is one component's swatch and name.
type legendItem struct {
	Name    string
	Pattern int
}

// timelineChart lays out t's timeline.
func timelineChart(t *report.Trajectory) timeline {
	top := t.Window
	for _, turn := range t.Turns {
		top = max(top, turn.Input+turn.Reserve)
	}
	top = max(top+top/20, 1)
	y := func(tokens int) float64 { return timelineHeight - float64(tokens)/float64(top)*timelineHeight }
	tl := timeline{Height: timelineHeight, WindowY: x(y(t.Window))}
	n := max(len(t.Turns), 1)
	step := float64(chartWidth) / float64(n)
	width := step * 0.8
	if step > 2 {
		width = step - max(1, step*0.15)
	}
	names := t.Components
	if len(names) == 0 {
		names = []string{"input"}
	}
	for i, name := range names {
		tl.Legend = append(tl.Legend, legendItem{Name: name, Pattern: i % len(patternIDs)})
	}
	for i, turn := range t.Turns {
		left := float64(i) * step
		col := column{Title: fmt.Sprintf("turn %s (%s): %s input tokens, %s cached", numfmt.Thousands(turn.Turn), turn.Label, numfmt.Thousands(turn.Input), numfmt.Thousands(turn.Cached))}
		parts := turn.Parts
		if len(parts) == 0 {
			parts = []int{turn.Input}
		}
		at := 0
		for c, tokens := range parts {
			if tokens <= 0 {
				continue
			}
			name := names[min(c, len(names)-1)]
			col.Segments = append(col.Segments, rectangle{X: x(left), Y: x(y(at + tokens)), W: x(width), H: x(y(at) - y(at+tokens)),
				Pattern: c % len(patternIDs), Title: fmt.Sprintf("turn %s · %s: %s tokens", numfmt.Thousands(turn.Turn), name, numfmt.Thousands(tokens))})
			at += tokens
		}
		if turn.Reserve > 0 {
			col.Reserve = &rectangle{X: x(left), Y: x(y(at + turn.Reserve)), W: x(width), H: x(y(at) - y(at+turn.Reserve)),
				Title: fmt.Sprintf("turn %s: %s tokens reserved for the reply", numfmt.Thousands(turn.Turn), numfmt.Thousands(turn.Reserve))}
		}
		if total := turn.Input + turn.Reserve; total > t.Window && t.Window > 0 {
			col.Over = &rectangle{X: x(left), Y: x(y(total)), W: x(width), H: x(y(t.Window) - y(total)),
				Title: fmt.Sprintf("turn %s: input and the reply's reserve are over the window by %s tokens", numfmt.Thousands(turn.Turn), numfmt.Thousands(total-t.Window))}
		}
		if turn.Cached > 0 {
			col.Cached = &rectangle{X: x(left), Y: x(y(turn.Cached)), W: x(width), H: x(y(0) - y(turn.Cached)),
				Title: fmt.Sprintf("turn %s: the first %s tokens are served from the prompt cache", numfmt.Thousands(turn.Turn), numfmt.Thousands(turn.Cached))}
		}
		if turn.Turn == t.FirstOverflow {
			tl.FirstX = x(left + width/2)
			tl.FirstTip = "turn " + numfmt.Thousands(turn.Turn) + ", the first over the window"
		}
		tl.Columns = append(tl.Columns, col)
	}
	tl.Label = fmt.Sprintf("Timeline of %s: input tokens per turn stacked by component, against the %s-token window",
		numfmt.Count(len(t.Turns), "turn", "turns"), numfmt.Thousands(t.Window))
	if len(t.Turns) > 0 {
		tl.Label += fmt.Sprintf(", from %s to %s tokens", numfmt.Thousands(t.Turns[0].Input), numfmt.Thousands(t.Turns[len(t.Turns)-1].Input))
	}
	if t.FirstOverflow > 0 {
		tl.Label += "; turn " + numfmt.Thousands(t.FirstOverflow) + " is the first over the window"
	} else {
		tl.Label += "; no turn is over the window"
	}
	return tl
}
