package request

import "ctxlab/core/metrics"

// RecordedUsage is the bill a cassette interaction's recorded response
// holds, read as assemble reads it: OpenAI's usage under usage.OpenAI,
// Anthropic's under usage.Anthropic, a streamed body's from its events,
// normalized so the cache is counted once. ok is false when the response
// records no usable usage.
func RecordedUsage(interaction map[string]any) (metrics.RecordedUsage, bool) {
	u, ok, _ := recordedUsage(interaction)
	return u, ok
}
