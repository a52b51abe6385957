package fix

import (
	"context"

	"ctxlab/core"
	"ctxlab/core/window"
)

// allocationFloor is the least a fitted allocation is scaled to: a zero
// allocation drops its component altogether (ctxlab's choice, see
// docs/fidelity.md), and a component cut to fewer tokens than a short
// paragraph says nothing useful.
const allocationFloor = 100

// fitBudget scales the six allocations down to target tokens in all. A
// component that needs no more than its scaled share keeps exactly what
// it needs, so the small ones (system prompt, query) are never cut and
// what they leave goes to the others; the rest share what remains in
// proportion to their allocations, none below min(allocation, floor).
// No allocation grows. needs are the components' raw tokens; fixed
// names components sent whole whatever their allocation (the chat
// layout's system message), which get what they need.
func fitBudget(b window.ContextBudget, needs map[string]int, target int, fixed ...string) window.ContextBudget {
	fitted := map[string]int{}
	for _, name := range fixed {
		fitted[name] = needs[name]
	}
	for {
		remaining, rest := target, 0
		for _, name := range window.AllocatedComponentNames {
			if n, done := fitted[name]; done {
				remaining -= n
			} else {
				rest += allocationOf(b, name)
			}
		}
		if rest <= max(remaining, 0) {
			break // what is left keeps its allocations
		}
		scale := float64(max(remaining, 0)) / float64(rest)
		settled := false
		for _, name := range window.AllocatedComponentNames {
			alloc := allocationOf(b, name)
			if _, done := fitted[name]; done {
				continue
			}
			if need := needs[name]; float64(need) <= float64(alloc)*scale {
				fitted[name], settled = need, true
			}
		}
		if settled {
			continue // their leftover is shared again
		}
		for _, name := range window.AllocatedComponentNames {
			if _, done := fitted[name]; !done {
				alloc := allocationOf(b, name)
				fitted[name] = max(min(alloc, allocationFloor), int(float64(alloc)*scale))
			}
		}
		break
	}
	s := core.Settings{Budget: b}
	for name, n := range fitted {
		_ = core.KnobByID(allocationKnobs[name]).Set(&s, core.KnobValue{Int: n}, core.KnobContext{})
	}
	return s.Budget
}

// fitAllocationChanges finds allocations under which the budgeted
// assembly fits the max input. The tokens no allocation covers (headings,
// framing) and what each component needs once budgeted (tools are sent
// as JSON in the system message then) are known only from a budgeted
// evaluation, so the fit is made, evaluated and made again with what the
// evaluation measured, a few times at most.
func fitAllocationChanges(ctx context.Context, in core.EvalInput, ev *core.Evaluation) []KnobChange {
	current := ev
	var changes []KnobChange
	for attempt := 0; attempt < 4; attempt++ {
		needs := map[string]int{}
		overhead := 0
		for _, c := range current.Assembly.Components {
			switch c.Name {
			case window.ComponentLabels, window.ComponentFraming:
				overhead += c.Used
			default:
				needs[c.Name] = c.Raw
			}
		}
		target := ev.Settings.Budget.MaxInput() - overhead
		if current.Overflow != nil && current != ev {
			// Still over with these allocations: take the excess off too.
			target = current.Settings.Budget.Allocated() - (current.Overflow.Total - current.Overflow.MaxInput)
		}
		var fixed []string
		if ev.Settings.Layout == window.LayoutChat {
			// Sent whole in the chat layout: the fit must not read as a
			// cut the assembler never makes.
			fixed = append(fixed, window.ComponentSystem)
		}
		fitted := fitBudget(ev.Settings.Budget, needs, target, fixed...)
		changes = budgetChanges(ev.Settings, fitted)
		if ev.Settings.Mode == window.MeasureOnly {
			changes = append([]KnobChange{modeChange(window.Budgeted)}, changes...)
		}
		s, err := ApplyChanges(ev.Settings, changes)
		if err != nil {
			return nil
		}
		next, err := core.Evaluate(ctx, in, s)
		if err != nil {
			return nil
		}
		if next.Overflow == nil && next.BudgetProblem == nil {
			return changes
		}
		current = next
	}
	return changes
}

// budgetChanges lists the allocations that differ between s and b.
func budgetChanges(s core.Settings, b window.ContextBudget) []KnobChange {
	var changes []KnobChange
	for _, name := range window.AllocatedComponentNames {
		if before, after := allocationOf(s.Budget, name), allocationOf(b, name); before != after {
			changes = append(changes, intChange(allocationKnobs[name], after))
		}
	}
	return changes
}
