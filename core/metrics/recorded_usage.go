package metrics

import (
	"fmt"

	"ctxlab/internal/numfmt"
)

// RecordedUsage is what the provider itself counted for a request, when
// the input recorded its response (a VCR cassette does): the one number
// that settles how far ctxlab's count is from the bill. Tool definitions
// are where they part most: ctxlab counts the JSON sent, OpenAI counts
// them in an internal format of its own, and Anthropic adds a system
// prompt for tool use.
type RecordedUsage struct {
	// InputTokens is the prompt as billed: OpenAI's prompt_tokens, or
	// Anthropic's input_tokens plus its cache reads and writes.
	InputTokens int `json:"input_tokens"`
	// OutputTokens is the reply's tokens, 0 when not recorded.
	OutputTokens int `json:"output_tokens,omitempty"`
	// Field names where it came from, e.g. "usage.prompt_tokens".
	Field string `json:"field"`
}

// Difference says how far counted is from the recorded input tokens:
// "+49 (+69%)", "−285 (−67%)", "the same", or the signed tokens alone
// when nothing was recorded.
func (r RecordedUsage) Difference(counted int) string {
	diff := counted - r.InputTokens
	sign := "+"
	if diff < 0 {
		sign, diff = "−", -diff
	}
	switch {
	case diff == 0:
		return "the same"
	case r.InputTokens == 0:
		return sign + numfmt.Thousands(diff)
	}
	return fmt.Sprintf("%s%s (%s%.0f%%)", sign, numfmt.Thousands(diff), sign, float64(diff)/float64(r.InputTokens)*100)
}
