package tui

import (
	"strings"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// assemblyControl is the knob id of the assembly mode's control.
const assemblyControl = "assembly"

// showAssemblyInEffect marks the assembly control with the mode the
// evaluation on screen used when it is not the control's: a budget that
// cannot be applied is measured as sent, whatever the control says.
func (m *Model) showAssemblyInEffect() {
	used := ""
	if ev := m.eval; ev != nil && ev.Assembly != nil && ev.Assembly.Mode != ev.Settings.Mode {
		used = string(ev.Assembly.Mode)
	}
	m.controls.SetInEffect(assemblyControl, used)
}

// assemblyModeWords explains the components' counts when the assembly
// went from budgeted to measured as sent or back between two
// evaluations: "measured as sent, not budgeted: tools 557 → 325, history
// 1,966 → 2,540"; "" when the mode did not change.
func assemblyModeWords(prev, next *core.Evaluation) string {
	if prev == nil || next == nil || prev.Assembly == nil || next.Assembly == nil || prev.Assembly.Mode == next.Assembly.Mode {
		return ""
	}
	words := "budgeted again, not measured as sent"
	if next.Assembly.Mode == window.MeasureOnly {
		words = "measured as sent, not budgeted"
	}
	var moved []string
	for _, c := range next.Assembly.Components {
		before, ok := prev.Assembly.Component(c.Name)
		if !ok || before.Used == c.Used || c.Name == window.ComponentReserve {
			continue
		}
		moved = append(moved, window.ComponentShort(c.Name)+" "+numfmt.Thousands(before.Used)+" → "+numfmt.Thousands(c.Used))
	}
	if len(moved) > 0 {
		words += ": " + strings.Join(moved, ", ")
	}
	return words
}
