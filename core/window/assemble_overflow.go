package window

import "fmt"

// OverflowError reports an assembled context larger than the budget's max
// input. The assembler returns it alongside its messages or Assembly, so a
// caller can still print what would have been sent; errors.As finds it
// when a caller needs the numbers (the command line exits 3 on it).
type OverflowError struct {
	Total    int `json:"total"`
	MaxInput int `json:"max_input"`
}

// Error is the article's ContextOverflowError message, word for word.
func (e *OverflowError) Error() string {
	return fmt.Sprintf("Context exceeds budget: %d > %d", e.Total, e.MaxInput)
}
