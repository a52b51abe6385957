package request

import "testing"

// TestBilledOpenLLMetryChat replays a third project's recorded Chat
// Completions requests (OpenLLMetry's instrumentation cassettes, from
// several agent frameworks: SOURCE.md), kept as a check on rules
// calibrated on the other two: every one within target.
func TestBilledOpenLLMetryChat(t *testing.T) {
	checkBilled(t, "openllmetry_openai_chat.jsonl", 63, 0)
}

// TestBilledOpenLLMetryResponses replays the same project's recorded
// Responses API requests; the openai-agents ones with tools bill what
// the rules do not give (docs/internals/counting.md lists them).
func TestBilledOpenLLMetryResponses(t *testing.T) {
	checkBilled(t, "openllmetry_openai_responses.jsonl", 17, 3)
}
