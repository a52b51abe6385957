package cli

import (
	"fmt"
	"io"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// writeAgentStepSection says how the chosen agent step's context was
// built: each required step's share of the tool-results budget, and what
// it kept of its output.
func writeAgentStepSection(w io.Writer, ev *core.Evaluation) {
	sx := ev.StepContext
	if sx == nil {
		return
	}
	if len(sx.Trace) == 0 {
		fmt.Fprintf(w, "Agent step %s: requires no other step; its context is the workflow summary alone\n\n", safetext.Line(sx.Step))
		return
	}
	fmt.Fprintf(w, "Agent step %s (tool results are its context · %s tokens ÷ %s required = %s each)\n",
		safetext.Line(sx.Step), numfmt.Thousands(ev.Settings.Budget.ToolResults), numfmt.Thousands(len(sx.Trace)), numfmt.Thousands(sx.Trace[0].Allowance))
	rows := [][]string{{"required", "output", "kept", "state"}}
	for _, t := range sx.Trace {
		row := []string{safetext.Line(t.Step), numfmt.Thousands(t.Tokens), numfmt.Thousands(t.Kept), "whole"}
		switch {
		case !t.Present:
			row = []string{safetext.Line(t.Step), "-", "-", "has not run: left out"}
		case t.Truncated:
			row[3] = "✂ cut to its share, keeping the start"
		}
		rows = append(rows, row)
	}
	writeTable(w, rows, "lrrl")
	fmt.Fprintln(w)
}
