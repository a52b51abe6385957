package value

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Sent is one message of an imported request as its provider received
// it: the object itself, field for field (tool_calls, tool_call_id, name,
// content parts), so that a request assembled from the message can be
// sent again as it was. Text and counts are read from the Message or
// ToolResult that carries it; Sent is what is written out.
type Sent struct {
	// Number is the message's position in the request as sent, from 1.
	Number int
	// JSON is the message object, compact; with Blocks, the list of
	// content blocks this item is of the message (an Anthropic message's
	// blocks, or one tool_result block of it).
	JSON json.RawMessage
	// Blocks says JSON is a list of Anthropic content blocks.
	Blocks bool
}

// WithContent is the message with its content replaced by text, every
// other field as sent: a message an edit cut or replaced is still the
// message it was, with a shorter content. nil stays nil.
func (s *Sent) WithContent(text string) *Sent {
	if s == nil {
		return nil
	}
	if s.Blocks {
		return s.blockWithContent(text)
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

// blockWithContent is a single tool_result or text block with its content
// or text replaced; nil (the item is then written from its text) for
// several blocks, whose text is not one block's.
func (s *Sent) blockWithContent(text string) *Sent {
	var blocks []map[string]any
	if json.Unmarshal(s.JSON, &blocks) != nil || len(blocks) != 1 {
		return nil
	}
	switch blocks[0]["type"] {
	case "tool_result":
		blocks[0]["content"] = text
	case "text":
		blocks[0]["text"] = text
	default:
		return nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(blocks) != nil {
		return nil
	}
	return &Sent{Number: s.Number, JSON: bytes.TrimSpace(buf.Bytes()), Blocks: true}
}

// String names the message as sent, for a test's or a log's %q and %v of
// a Message: its number, not its JSON.
func (s *Sent) String() string {
	if s == nil {
		return ""
	}
	return fmt.Sprintf("message %d as sent", s.Number)
}
