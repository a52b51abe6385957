package value

import (
	"bytes"
	"encoding/json"
)

// Sent is one message of an imported request as its provider received
// it: the object itself, field for field (tool_calls, tool_call_id, name,
// content parts), so that a request assembled from the message can be
// sent again as it was. Text and counts are read from the Message or
// ToolResult that carries it; Sent is what is written out.
type Sent struct {
	// Number is the message's position in the request as sent, from 1.
	Number int
	// JSON is the message object, compact.
	JSON json.RawMessage
}

// WithContent is the message with its content replaced by text, every
// other field as sent: a message an edit cut or replaced is still the
// message it was, with a shorter content. nil stays nil.
func (s *Sent) WithContent(text string) *Sent {
	if s == nil {
		return nil
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(s.JSON, &fields) != nil {
		return nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(text) != nil {
		return nil
	}
	fields["content"] = bytes.TrimSpace(buf.Bytes())
	buf.Reset()
	enc = json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(fields) != nil {
		return nil
	}
	return &Sent{Number: s.Number, JSON: bytes.TrimSpace(buf.Bytes())}
}
