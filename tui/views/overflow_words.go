package views

import (
	"fmt"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// reserveRemedy is what to change when the reply reserve leaves no room,
// named as the controls are.
const reserveRemedy = "lower the reserve or raise the window"

// OverflowWords is an overflow as the workbench says it: the article's
// "Context exceeds budget: X > Y", or, when the reserve leaves no input
// room, that cause and the controls that fix it.
func OverflowWords(ov *window.OverflowError) string {
	if ov.Reserve != nil {
		return ov.Reserve.Error() + ": " + reserveRemedy
	}
	return ov.Error()
}

// BudgetProblemWords is why the budget was not applied, with the remedy
// that fits the cause: the reserve, or the allocations.
func BudgetProblemWords(ev *core.Evaluation) string {
	if ev.Settings.Budget.ValidateReserve() != nil {
		return ev.BudgetProblem.Error() + ": " + reserveRemedy + "; measured as sent instead of budgeted"
	}
	return ev.BudgetProblem.Error() + ": measured as sent instead of budgeted; lower the allocations or pick a preset"
}

// utilizationText is the metrics view's utilization line. With no input
// room the utilization is the request and the reserve over the window
// (see window.Assembly.Utilization), and says so.
func utilizationText(a *window.Assembly, utilization float64) string {
	if a.Budget.ValidateReserve() != nil {
		return fmt.Sprintf("%.1f%% of the window with the reserve (%s input + reserve %s over window %s): no input fits",
			utilization*100, numfmt.Thousands(a.Used), numfmt.Thousands(a.Budget.ResponseReserve), numfmt.Thousands(a.Window))
	}
	return fmt.Sprintf("%.1f%% of max input (%s / %s; window %s, reserve %s)",
		utilization*100, numfmt.Thousands(a.Used), numfmt.Thousands(a.MaxInput), numfmt.Thousands(a.Window), numfmt.Thousands(a.Budget.ResponseReserve))
}
