package window

import "fmt"

// OverflowError reports an assembled context larger than the budget's max
// input. The assembler returns it alongside its messages or Assembly, so a
// caller can still print what would have been sent; errors.As finds it
// when a caller needs the numbers (the command line exits 3 on it).
type OverflowError struct {
	Total    int `json:"total"`
	MaxInput int `json:"max_input"`
	// Reserve is set when the response reserve leaves no room for input
	// (MaxInput is 0 or less): the cause, not the request's size.
	Reserve *ReserveOverflowError `json:"reserve,omitempty"`
}

// Error is the article's ContextOverflowError message, word for word,
// where it means something. Against a max input of zero or less, "X > -2596"
// would read as nonsense, so the cause is said instead.
func (e *OverflowError) Error() string {
	if e.Reserve != nil {
		return e.Reserve.Error()
	}
	return fmt.Sprintf("Context exceeds budget: %d > %d", e.Total, e.MaxInput)
}
