package core

import "ctxlab/core/window"

// ReserveLeavesRoom refuses a response reserve at or above the window,
// which leaves no room for any input, naming both knobs: a command given
// both as flags refuses the pair in one line (--reserve and --window).
// A window alone below a default reserve, or the workbench's controls
// turned there, is the overflow it makes (window.ReserveOverflowError).
// Nil when the reserve leaves room.
func ReserveLeavesRoom(b window.ContextBudget) *KnobError {
	if b.ValidateReserve() == nil {
		return nil
	}
	w, r := KnobByID("window"), KnobByID("reserve")
	return &KnobError{Knob: r, Value: r.FormatValue(KnobValue{Int: b.ResponseReserve}),
		With:    &KnobValueAt{Knob: w, Value: w.FormatValue(KnobValue{Int: b.TotalWindow})},
		Problem: "leave no room for input; expected a reserve below the window"}
}
