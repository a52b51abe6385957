package budget

import (
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// bindingLimit says in words what limits the request: the max input it
// is over, the allocations that cut or dropped something, or nothing.
// It reads the facts the Evaluation carries (the component reports, the
// builder's and the memory's fates) and decides nothing itself.
type bindingLimit struct {
	over    int      // tokens over the max input; 0 when it fits
	limited []string // components an allocation cut, in the bar's order
	// allocation is the single limited component's allocation.
	allocation int
	measured   bool // measured as sent: the allocations limit nothing
	// reserve is set when the reply reserve leaves no input room: the
	// cause of the overflow, said instead of a figure over a max input
	// of zero or less.
	reserve *window.ReserveOverflowError
}

func bindingLimitOf(ev *core.Evaluation) bindingLimit {
	a := ev.Assembly
	if !a.Fits {
		if ev.Overflow != nil && ev.Overflow.Reserve != nil {
			return bindingLimit{over: a.Used - a.MaxInput, reserve: ev.Overflow.Reserve}
		}
		return bindingLimit{over: a.Used - a.MaxInput}
	}
	if a.Mode == window.MeasureOnly {
		return bindingLimit{measured: true}
	}
	var b bindingLimit
	for _, name := range window.AllocatedComponentNames {
		c, ok := a.Component(name)
		if !ok || !(c.Truncated || c.Over && name != window.ComponentQuery || allocationDropped(ev, name)) {
			continue
		}
		b.limited = append(b.limited, name)
		b.allocation = c.Allocated
	}
	return b
}

// allocationDropped reports whether the stage that fills a component
// to its allocation left something out before the assembler saw it:
// the builder's documents over the budget, the memory's dropped
// messages (a rolling summary folds by turn count, not by budget, so a
// summarized message is not the allocation's doing).
func allocationDropped(ev *core.Evaluation, name string) bool {
	switch name {
	case window.ComponentRAG:
		if ev.SimpleRAG != nil {
			for _, d := range ev.SimpleRAG.Trace {
				if d.Fate != pipeline.SimpleRAGIncluded {
					return true
				}
			}
			return false
		}
		c := ev.Build.Trace.Counts
		return c.Partial+c.Summarized+c.Excluded > 0
	case window.ComponentHistory:
		for _, f := range ev.Memory.Fates {
			if f.Fate == memory.Dropped {
				return true
			}
		}
	}
	return false
}

// statements are the ways to say the limit, from the fullest to the
// shortest, with the window's use and the input's figures: the window
// bar shows the longest its width leaves room for.
func (b bindingLimit) statements(a *window.Assembly) []string {
	figures := fmt.Sprintf("%s / %s input", numfmt.Thousands(a.Used), numfmt.Thousands(max(0, a.MaxInput)))
	if b.reserve != nil {
		cause := "▲ " + b.reserve.Error()
		short := fmt.Sprintf("▲ reserve %s, window %s: no room", numfmt.Thousands(b.reserve.Reserve), numfmt.Thousands(b.reserve.Window))
		return []string{figures + " · " + cause, cause, short, "▲ no input room"}
	}
	if b.over > 0 {
		over := "▲ over the max input by " + numfmt.Thousands(b.over)
		return []string{figures + " · " + over, over, "▲ over by " + numfmt.Thousands(b.over)}
	}
	used := fmt.Sprintf("%.1f%%", a.Utilization*100)
	var limit string
	var short []string
	switch {
	case b.measured:
		limit, short = "measured as sent, fits", []string{"fits"}
	case len(b.limited) == 0:
		limit, short = "everything fits", []string{"fits"}
	case len(b.limited) == 1:
		limit = fmt.Sprintf("%s limited by its %s allocation", window.ComponentWords(b.limited[0]), numfmt.Thousands(b.allocation))
		short = []string{window.ComponentWords(b.limited[0]) + " limited", window.ComponentShort(b.limited[0]) + " limited"}
	default:
		names := func(name func(string) string) string {
			words := make([]string, len(b.limited))
			for i, n := range b.limited {
				words[i] = name(n)
			}
			last := len(words) - 1
			return strings.Join(words[:last], ", ") + " and " + words[last]
		}
		// The components' words where they fit, their short forms (the
		// grid's labels below) where they do not.
		limit = names(window.ComponentWords) + " limited by their allocations"
		short = []string{names(window.ComponentWords) + " limited", names(window.ComponentShort) + " limited",
			fmt.Sprintf("%s components limited", numfmt.Thousands(len(b.limited)))}
	}
	// The share is of the max input (the window less the reply reserve),
	// as the figures beside it; the token figures go last of all, since a
	// user checks them against the bars.
	out := []string{figures + " · " + limit + " · " + used + " of max input"}
	for _, s := range short {
		out = append(out, figures+" · "+s+" · "+used)
	}
	out = append(out, figures+" · "+used, limit+" · "+used+" of max input")
	for _, s := range short {
		out = append(out, s+" · "+used+" used")
	}
	return out
}
