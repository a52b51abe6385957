package request

import (
	"bytes"
	"encoding/json"

	"ctxlab/loaders"
)

// rawRequest keeps, byte for byte, the parts of a JSON request body that
// the provider reads as JSON: tool definitions, tool calls and content
// blocks. Re-encoding them from decoded values would sort keys and
// reformat numbers, and tool definitions are counted from the JSON the
// provider received. Only a body read from JSON has one; a YAML body (a
// cassette) was already re-encoded by whoever wrote it.
type rawRequest struct {
	tools    []json.RawMessage
	messages []rawMessage
}

type rawMessage struct {
	toolCalls    json.RawMessage
	functionCall json.RawMessage
	blocks       []json.RawMessage // content, when it is a list
}

// rawRequestOf extracts the raw parts of a JSON body, or returns nil when
// the body's shape does not allow it; the generic reading then reports
// what is wrong.
func rawRequestOf(data []byte) *rawRequest {
	var body struct {
		Tools    []json.RawMessage `json:"tools"`
		Messages []struct {
			ToolCalls    json.RawMessage `json:"tool_calls"`
			FunctionCall json.RawMessage `json:"function_call"`
			Content      listContent     `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(data, &body) != nil {
		return nil
	}
	r := &rawRequest{tools: body.Tools, messages: make([]rawMessage, len(body.Messages))}
	for i, m := range body.Messages {
		r.messages[i] = rawMessage{toolCalls: m.ToolCalls, functionCall: m.FunctionCall}
		if m.Content != nil {
			r.messages[i].blocks = blocksOf(json.RawMessage(m.Content))
		}
	}
	return r
}

// listContent is a message's content as sent when it is a list of
// blocks, and nothing otherwise: a string content, most of a request, is
// read from the decoded body, and a json.RawMessage here copied every
// message's text once more while the body was parsed.
type listContent []byte

func (c *listContent) UnmarshalJSON(b []byte) error {
	if trimmed := bytes.TrimSpace(b); len(trimmed) > 0 && trimmed[0] == '[' {
		*c = append((*c)[:0], trimmed...)
	}
	return nil
}

// blocksOf is the JSON of each block of list, a content list; nil when
// list is not a list of blocks.
func blocksOf(list json.RawMessage) []json.RawMessage {
	var blocks []json.RawMessage
	if json.Unmarshal(list, &blocks) != nil {
		return nil
	}
	return blocks
}

// tool returns the raw JSON of tool i when the raw reading saw the same
// number of tools as the generic one. encoding/json matches keys without
// regard to case, so the two readings can disagree on odd input; then the
// generic value is re-encoded instead.
func (r *rawRequest) tool(i, count int) json.RawMessage {
	if r == nil || len(r.tools) != count {
		return nil
	}
	return r.tools[i]
}

// message returns the raw parts of message i, under the same condition.
func (r *rawRequest) message(i, count int) rawMessage {
	if r == nil || len(r.messages) != count {
		return rawMessage{}
	}
	return r.messages[i]
}

// block returns the raw JSON of content block j, when the raw reading has
// the same number of blocks.
func (m rawMessage) block(j, count int) json.RawMessage {
	if len(m.blocks) != count {
		return nil
	}
	return m.blocks[j]
}

// compactJSON returns raw compacted when it is given, else v encoded
// without HTML escaping: the JSON as the provider would count it.
func compactJSON(raw json.RawMessage, v any) (json.RawMessage, error) {
	if len(raw) > 0 {
		var buf bytes.Buffer
		buf.Grow(len(raw))
		if err := json.Compact(&buf, raw); err == nil {
			return buf.Bytes(), nil
		}
	}
	return loaders.MarshalJSON(v)
}
