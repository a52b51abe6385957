package cli

import (
	"errors"
	"strings"

	"ctxlab/core"

	"ctxlab/core/window"
)

// overflowMessage is what assemble prints on stderr when it exits with
// ExitOverflow, or "" when the request fits. A budget the window cannot
// hold is an overflow too, told by its cause with the flags that fix it:
// a reserve that leaves no room names --reserve and --window; allocations
// larger than the max input keep the article's "Budget overflow" line.
// The article's "Context exceeds budget: X > Y" follows wherever the
// measured request itself is over a max input above zero.
func overflowMessage(run *assembleRun) string {
	ev := run.eval
	var lines []string
	var reserve *window.ReserveOverflowError
	var allocations *window.BudgetOverflowError
	switch {
	case errors.As(ev.BudgetProblem, &reserve):
	case ev.Overflow != nil && ev.Overflow.Reserve != nil:
		reserve = ev.Overflow.Reserve
	case errors.As(ev.BudgetProblem, &allocations):
		lines = append(lines, allocationsMessage(allocations, run))
	}
	if reserve != nil {
		// "Context exceeds budget: X > -2596" would say nothing: the
		// cause is the whole message.
		return reserve.Error() + ": lower --reserve or raise --window"
	}
	if ev.Overflow != nil {
		lines = append(lines, ev.Overflow.Error())
	}
	return strings.Join(lines, "\n")
}

// allocationsMessage is the article's "Budget overflow" line, then where
// the budget came from and what to change; the request was measured as
// sent instead.
func allocationsMessage(err *window.BudgetOverflowError, run *assembleRun) string {
	var why []string
	if label := core.PresetLabel(run.settings); label != "" {
		why = append(why, label)
	}
	if run.windowHint != "" {
		why = append(why, run.windowHint)
	}
	msg := err.Error()
	if len(why) > 0 {
		msg += " (" + strings.Join(why, "; ") + ")"
	}
	return msg + ": lower the allocations (--system-budget, --tools-budget, --history-budget, --rag-budget, --tool-results-budget, --query-budget), " +
		"pick a smaller --preset or raise --window; the request was measured as sent instead"
}
