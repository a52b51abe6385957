package window

import (
	"fmt"
	"math"
)

// BudgetOverflowError reports a budget whose input allocations add up to
// more than its max input (the window less the response reserve). Its
// message is the article's ValueError from ContextBudget.validate, word
// for word and capitalised as the article prints it, which is why it is a
// type with an Error method rather than an error built from a string.
type BudgetOverflowError struct {
	// Allocated is the sum of the input allocations; when the sum does
	// not fit in an int it is the largest single allocation, named by
	// Alone, or math.MaxInt when none alone exceeds MaxInput.
	Allocated int
	// Alone names the allocation (its scenario key) that by itself
	// exceeds MaxInput when the sum is beyond counting; empty otherwise.
	Alone    string
	MaxInput int
	// Saturated is true when the allocations add up to more than an int
	// holds, so Allocated is not their sum.
	Saturated bool
}

func (e *BudgetOverflowError) Error() string {
	switch {
	case e.Alone != "":
		return fmt.Sprintf("Budget overflow: %s alone is %d tokens, max input is %d", e.Alone, e.Allocated, e.MaxInput)
	case e.Saturated:
		return fmt.Sprintf("Budget overflow: more than %d tokens allocated, max input is %d", math.MaxInt, e.MaxInput)
	}
	return fmt.Sprintf("Budget overflow: %d tokens allocated, max input is %d", e.Allocated, e.MaxInput)
}
