package window

// harmonyInstructionsHeading is what a chat body's leading system or
// developer message costs more when the tools join it on a gpt-5 model:
// OpenAI's harmony renderer writes the instructions of a developer
// message after "# Instructions\n\n", three o200k_base tokens ("#",
// " Instructions", "\n\n"), before the "# Tools" section that follows
// them. Inferred from crewAI's gpt-5-nano requests, the only recorded
// gpt-5 chat requests with both a system message and tools: each is 3
// tokens under without it.
const harmonyInstructionsHeading = 3

// harmonyInstructions is what the leading message the tools join costs
// beyond its text: the heading above with a chat body on a gpt-5 model,
// nothing otherwise (in a Responses body the tools join no developer
// message, and a body without tools bills no harmony preamble at all).
func harmonyInstructions(harmony, responses bool) int {
	if harmony && !responses {
		return harmonyInstructionsHeading
	}
	return 0
}
