package metrics

import (
	"fmt"

	"ctxlab/core/usage"
	"ctxlab/internal/numfmt"
)

// RecordedUsage is what the provider itself counted for a request, when
// the input recorded its response (a VCR cassette does): the one number
// that settles how far ctxlab's count is from the bill. OpenAI bodies are
// counted as OpenAI renders them (docs/internals/counting.md); Anthropic's
// rendering is not public, so its count is a calibrated estimate.
type RecordedUsage struct {
	// InputTokens is the prompt as billed, cache reads and writes
	// included (usage.Billed): OpenAI's prompt_tokens, or Anthropic's
	// input_tokens plus its cache reads and writes.
	InputTokens int `json:"input_tokens"`
	// CachedTokens and CacheWriteTokens are the part of InputTokens read
	// from and written to the prompt cache.
	CachedTokens     int `json:"cached_tokens,omitempty"`
	CacheWriteTokens int `json:"cache_write_tokens,omitempty"`
	// Convention is how the source reported the figures; empty for a
	// figure given as the whole prompt (a scenario file's).
	Convention usage.Convention `json:"convention,omitempty"`
	// OutputTokens is the reply's tokens, 0 when not recorded.
	OutputTokens int `json:"output_tokens,omitempty"`
	// Field names where it came from, e.g. "usage.prompt_tokens".
	Field string `json:"field"`
}

// Recorded is a normalized bill as read from field.
func Recorded(b usage.Billed, field string) RecordedUsage {
	return RecordedUsage{InputTokens: b.InputTokens, CachedTokens: b.CachedTokens, CacheWriteTokens: b.CacheWriteTokens,
		OutputTokens: b.OutputTokens, Convention: b.Convention, Field: field}
}

// Billed is the recorded usage as the one billed model.
func (r RecordedUsage) Billed() usage.Billed {
	return usage.Billed{InputTokens: r.InputTokens, CachedTokens: r.CachedTokens, CacheWriteTokens: r.CacheWriteTokens,
		OutputTokens: r.OutputTokens, Convention: r.Convention}
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

// Agreement says in words whether counted matches the recorded input
// tokens within the counting rules' tolerance (2%, or 1 token), and where
// to look when it does not.
func (r RecordedUsage) Agreement(counted int) string {
	diff := counted - r.InputTokens
	if diff < 0 {
		diff = -diff
	}
	if diff <= 1 || float64(diff) <= 0.02*float64(r.InputTokens) {
		return "within 2% of the bill"
	}
	return "the request holds something counted otherwise than the provider bills it (see docs/internals/counting.md)"
}
