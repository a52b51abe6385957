package window

// promptResponsesJoinedTools is what a Responses body's tools cost
// beyond their text when they are joined to a leading system input item
// (not gpt-5, whose system message is the model's own): inferred from
// every recorded request with both (pydantic-ai's prompted output,
// Microsoft's Agent Framework), each 4 tokens under without it. A chat
// body's tools joined to its system message cost nothing more, nor do a
// Responses body's sent apart after its instructions.
const promptResponsesJoinedTools = 4

// responsesJoinedToolsExtra is what the tools cost more for being joined
// to the leading system message of a Responses body.
func responsesJoinedToolsExtra(responses, harmony bool) int {
	if !responses || harmony {
		return 0
	}
	return promptResponsesJoinedTools
}
