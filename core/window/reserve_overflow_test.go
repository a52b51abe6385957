package window

import (
	"errors"
	"testing"
)

// A reserve as large as the window is measured and reported as an
// overflow whose cause is the reserve, not refused.
func TestAssembleReserveLeavesNoRoom(t *testing.T) {
	in := asmInput(MeasureOnly)
	in.Budget.TotalWindow, in.Budget.ResponseReserve = 1_500, 4_096
	a, err := Assemble(in)
	var overflow *OverflowError
	if !errors.As(err, &overflow) {
		t.Fatalf("error = %v, want an *OverflowError", err)
	}
	if a == nil || a.Fits || a.Used == 0 {
		t.Fatalf("assembly = %+v, want the request measured and not fitting", a)
	}
	if overflow.Reserve == nil || overflow.Reserve.Reserve != 4_096 || overflow.Reserve.Window != 1_500 {
		t.Errorf("overflow cause = %+v, want the 4,096 reserve in a 1,500 window", overflow.Reserve)
	}
	want := "the response reserve of 4,096 leaves no room in a 1,500-token window"
	if err.Error() != want {
		t.Errorf("message = %q, want %q", err, want)
	}
	if wantUtil := float64(a.Used+4_096) / 1_500; a.Utilization != wantUtil {
		t.Errorf("utilization = %v, want %v (request and reserve over the window)", a.Utilization, wantUtil)
	}
}

// A budgeted assembly cannot apply such a budget: Validate says why, by
// type, so Evaluate can measure instead.
func TestValidateReserveCause(t *testing.T) {
	b := ContextBudget{TotalWindow: 1_500, ResponseReserve: 1_500}
	var reserve *ReserveOverflowError
	if err := b.Validate(); !errors.As(err, &reserve) {
		t.Fatalf("Validate() = %v, want a *ReserveOverflowError", err)
	}
	if err := b.ValidateWindow(); err != nil {
		t.Errorf("ValidateWindow() = %v: a measurement needs only a positive window", err)
	}
	b.ResponseReserve = 1_499
	if err := b.ValidateReserve(); err != nil {
		t.Errorf("a reserve one below the window: %v", err)
	}
}

// Where the max input is positive the article's message is kept exactly.
func TestOverflowKeepsArticleMessage(t *testing.T) {
	in := asmInput(MeasureOnly)
	in.Budget.ResponseReserve = in.Budget.TotalWindow - 5
	_, err := Assemble(in)
	var overflow *OverflowError
	if !errors.As(err, &overflow) || overflow.Reserve != nil {
		t.Fatalf("error = %v, want an overflow without a reserve cause", err)
	}
	if got := err.Error(); got[:len("Context exceeds budget: ")] != "Context exceeds budget: " {
		t.Errorf("message = %q, want the article's", got)
	}
}
