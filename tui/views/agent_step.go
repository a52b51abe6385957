package views

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// writeAgentStep explains the tool results when an agent step is chosen:
// they are the step's context, built from the outputs of the steps it
// requires, each cut to an equal share of the tool-results budget.
func writeAgentStep(b *strings.Builder, st *themes.Styles, ev *core.Evaluation, width int) {
	sx := ev.StepContext
	if sx == nil {
		return
	}
	b.WriteByte('\n')
	if len(sx.Trace) == 0 {
		WriteTitled(b, st, "Agent step "+safetext.Line(sx.Step), "requires no other step: its context is the workflow summary alone.", width)
		return
	}
	WriteTitled(b, st, "Agent step "+safetext.Line(sx.Step), fmt.Sprintf("· the tool results are its context: %s tokens ÷ %s required steps = %s each, cut keeping the start",
		numfmt.Thousands(ev.Settings.Budget.ToolResults), numfmt.Thousands(len(sx.Trace)), numfmt.Thousands(sx.Trace[0].Allowance)), width)
	nameW := 0
	for _, t := range sx.Trace {
		nameW = max(nameW, ansi.StringWidth(safetext.Line(t.Step)))
	}
	nameW = min(nameW, max(8, width/3))
	for _, t := range sx.Trace {
		var glyph, state string
		style := st.Included
		switch {
		case !t.Present:
			glyph, state, style = "·", "has not run: left out", st.Muted
		case t.Truncated:
			glyph, state, style = "✂", fmt.Sprintf("%s of %s tokens", numfmt.Thousands(t.Kept), numfmt.Thousands(t.Tokens)), st.Partial
		default:
			glyph, state = "✓", fmt.Sprintf("%s tokens, whole", numfmt.Thousands(t.Tokens))
		}
		line := fmt.Sprintf("  %s %s  %s", glyph, draw.PadRight(safetext.Line(t.Step), nameW), state)
		b.WriteString(style.Render(draw.Truncate(line, width)) + "\n")
	}
}
