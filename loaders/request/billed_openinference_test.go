package request

import "testing"

// The recordings of two more projects, added after the rules as a check
// on projects they were not calibrated on (SOURCE.md in
// core/window/testdata/billed; docs/internals/counting.md names the
// misses).

// TestBilledOpenInferenceChat replays OpenInference's recorded Chat
// Completions requests, made through its instrumentations' frameworks
// (agno, AutoGen, BeeAI, crewAI, DSPy, Haystack, instructor, LangChain,
// LiteLLM, LlamaIndex, pydantic-ai, smolagents and the OpenAI SDK).
func TestBilledOpenInferenceChat(t *testing.T) {
	checkBilled(t, "openinference_openai_chat.jsonl", 62, 2)
}

// TestBilledOpenInferenceResponses replays the same project's Responses
// API requests (Microsoft's Agent Framework).
func TestBilledOpenInferenceResponses(t *testing.T) {
	checkBilled(t, "openinference_openai_responses.jsonl", 11, 0)
}

// TestBilledLogfireChat replays Logfire's recorded Chat Completions
// requests (its OpenAI SDK, openai-agents, DSPy, LiteLLM and pydantic-ai
// MCP integrations).
func TestBilledLogfireChat(t *testing.T) {
	checkBilled(t, "logfire_openai_chat.jsonl", 8, 0)
}

// TestBilledLogfireResponses replays Logfire's recorded Responses API
// requests (the OpenAI SDK and openai-agents).
func TestBilledLogfireResponses(t *testing.T) {
	checkBilled(t, "logfire_openai_responses.jsonl", 4, 1)
}
