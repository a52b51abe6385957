package window

import (
	"bytes"
	"encoding/json"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
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
	// Sent is the message as an imported request sent it, when this is
	// that message: written out in place of the fields above, so the
	// body replays field for field (content parts, names, ids). nil for
	// a message the assembler wrote.
	Sent *value.Sent `json:"-"`
}

// MarshalJSON writes the message as it is sent: its imported object when
// it has one, else its fields.
func (m ChatMessage) MarshalJSON() ([]byte, error) {
	if m.Sent != nil && !m.Sent.Blocks && len(m.Sent.JSON) > 0 {
		return m.Sent.JSON, nil
	}
	// Without HTML escaping: the encoder that calls this escapes the
	// result as its own setting says.
	type fields ChatMessage
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(fields(m)); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
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
