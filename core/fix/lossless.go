package fix

import (
	"fmt"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// modelWindowCandidate: the window was set below the model's own; the
// request measured against the model's real window may fit as it is. It
// changes nothing sent.
func modelWindowCandidate(ev *core.Evaluation) []candidate {
	if ev.Overflow == nil && ev.BudgetProblem == nil {
		return nil
	}
	spec, ok := tokens.LookupModel(ev.Settings.Model)
	b := ev.Settings.Budget
	if !ok || spec.Window <= b.TotalWindow {
		return nil
	}
	return []candidate{{kind: ModelWindow, changes: []KnobChange{intChange("window", spec.Window)}, describe: func(core.Preview) string {
		return fmt.Sprintf("Measure against %s's own %s-token window (--window %d) instead of the %s set: nothing sent changes.",
			spec.Name, numfmt.Thousands(spec.Window), spec.Window, numfmt.Thousands(b.TotalWindow))
	}}}
}

// askedReserveCandidate: the reserve is more than the reply the request
// asks for (its max_tokens); reserving only that changes nothing sent.
func askedReserveCandidate(in core.EvalInput, ev *core.Evaluation) []candidate {
	if in.Scenario == nil || (ev.Overflow == nil && ev.BudgetProblem == nil) {
		return nil
	}
	asked, b := in.Scenario.ReplyLimit, ev.Settings.Budget
	if asked <= 0 || asked >= b.ResponseReserve {
		return nil
	}
	return []candidate{{kind: Reserve, changes: []KnobChange{intChange("reserve", asked)}, describe: func(core.Preview) string {
		return fmt.Sprintf("Reserve only the %s-token reply the request asks for (its max_tokens) instead of %s (--reserve %d): nothing sent changes, and the reply can be as long as the request allows.",
			numfmt.Thousands(asked), numfmt.Thousands(b.ResponseReserve), asked)
	}}}
}
