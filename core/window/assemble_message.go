package window

import (
	"encoding/json"

	"ctxlab/core/tokens"
)

// ChatMessage is one message of an OpenAI Chat Completions request, as
// the assembler hands it to the provider and as `ctxlab assemble --format
// json` prints it. The optional fields carry what agent loops send: a
// participant name, the id a tool result answers, and an assistant's
// tool_calls array exactly as the provider received it.
type ChatMessage struct {
	Role       string          `json:"role"`
	Content    string          `json:"content"`
	Name       string          `json:"name,omitempty"`
	ToolCallID string          `json:"tool_call_id,omitempty"`
	ToolCalls  json.RawMessage `json:"tool_calls,omitempty"`
}

// contentTokens is what the provider reads of a message besides its
// framing: the content and, for an assistant's tool call, the call's JSON.
func (m ChatMessage) contentTokens(tok tokens.Tokenizer) int {
	n := tok.Count(m.Content)
	if len(m.ToolCalls) > 0 {
		n += tok.Count(string(m.ToolCalls))
	}
	return n
}
