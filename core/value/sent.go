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
	// Items, for a message read from an OpenAI Responses API body, are
	// the input items it was read from, as a JSON list, as sent: a
	// message item, a function_call_output, or the function_call items
	// of one assistant turn, with any items the chat form has no place
	// for (reasoning) that came before them. JSON is then the message's
	// Chat Completions form, which is what is counted.
	Items json.RawMessage
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
	chat := withField(s.JSON, "content", text)
	if chat == nil {
		return nil
	}
	out := &Sent{Number: s.Number, JSON: chat}
	if len(s.Items) > 0 {
		var head struct {
			Role string `json:"role"`
		}
		_ = json.Unmarshal(s.JSON, &head)
		out.Items = itemsWithContent(s.Items, head.Role, text)
	}
	return out
}

// itemsWithContent is a Responses message's input items with the text
// of the one item that holds it (a message's content, a function call
// output's output) replaced. An assistant's function calls hold no text:
// a text is sent as the assistant's message item before them, none
// leaves them as they were. nil, so that the items are written from the
// message's fields, when several items hold text.
func itemsWithContent(items json.RawMessage, role, text string) json.RawMessage {
	var list []json.RawMessage
	if json.Unmarshal(items, &list) != nil {
		return nil
	}
	at, key, firstCall := -1, "", -1
	for i, item := range list {
		var head struct {
			Type string `json:"type"`
			Role string `json:"role"`
		}
		if json.Unmarshal(item, &head) != nil {
			return nil
		}
		if head.Type == "function_call" && firstCall < 0 {
			firstCall = i
		}
		field := ""
		switch {
		case head.Type == "function_call_output":
			field = "output"
		case head.Type == "message", head.Type == "" && head.Role != "":
			field = "content"
		}
		if field == "" {
			continue
		}
		if at >= 0 {
			return nil
		}
		at, key = i, field
	}
	if at < 0 {
		if text == "" {
			return items
		}
		message := marshalCompact(map[string]string{"type": "message", "role": role, "content": text})
		if firstCall < 0 || role == "" || message == nil {
			return nil
		}
		return marshalCompact(append(list[:firstCall:firstCall], append([]json.RawMessage{message}, list[firstCall:]...)...))
	}
	if list[at] = withField(list[at], key, text); list[at] == nil {
		return nil
	}
	return marshalCompact(list)
}

// withField is the JSON object obj with its key set to text, every other
// field as it was; nil when obj is not an object.
func withField(obj json.RawMessage, key, text string) json.RawMessage {
	var fields map[string]json.RawMessage
	if json.Unmarshal(obj, &fields) != nil || fields == nil {
		return nil
	}
	value := marshalCompact(text)
	if value == nil {
		return nil
	}
	fields[key] = value
	return marshalCompact(fields)
}

// marshalCompact is v as compact JSON without HTML escaping; nil when it
// cannot be written.
func marshalCompact(v any) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return nil
	}
	return bytes.TrimSpace(buf.Bytes())
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
