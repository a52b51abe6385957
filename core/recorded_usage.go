package core

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
