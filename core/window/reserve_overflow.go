package window

import (
	"fmt"

	"ctxlab/internal/numfmt"
)

// ReserveOverflowError is a response reserve as large as the window, so
// no input fits at all. It is an overflow, not a refusal: a user turning
// the window down to a small model's wants to see the request against it,
// so the request is measured and reported as over, with this as the cause.
type ReserveOverflowError struct {
	Reserve int `json:"response_reserve"`
	Window  int `json:"total_window"`
}

// Error says the cause in words; the surface adds which setting to change
// (--reserve and --window, or the workbench's controls).
func (e *ReserveOverflowError) Error() string {
	return fmt.Sprintf("the response reserve of %s leaves no room in a %s-token window",
		numfmt.Thousands(e.Reserve), numfmt.Thousands(e.Window))
}

// ValidateReserve reports a reserve that leaves no room for input.
func (b ContextBudget) ValidateReserve() error {
	if b.ResponseReserve >= b.TotalWindow {
		return &ReserveOverflowError{Reserve: b.ResponseReserve, Window: b.TotalWindow}
	}
	return nil
}
