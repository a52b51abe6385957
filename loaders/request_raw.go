package loaders

import (
	"bytes"
	"encoding/json"
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
		Tools    []inPlace `json:"tools"`
		Messages []struct {
			ToolCalls    json.RawMessage `json:"tool_calls"`
			FunctionCall json.RawMessage `json:"function_call"`
			Content      listContent     `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(data, &body) != nil {
		return nil
	}
	r := &rawRequest{tools: make([]json.RawMessage, len(body.Tools)), messages: make([]rawMessage, len(body.Messages))}
	for i, t := range body.Tools {
		r.tools[i] = t.of(data)
	}
	for i, m := range body.Messages {
		r.messages[i] = rawMessage{toolCalls: m.ToolCalls, functionCall: m.FunctionCall}
		if list := inPlace(m.Content).of(data); list != nil {
			r.messages[i].blocks = blocksOf(list)
		}
	}
	return r
}

// listContent is a message's content as sent when it is a list of
// blocks, and nothing otherwise: a string content, most of a request,
// is read from the decoded body, and a json.RawMessage here copied every
// message's text once more while the body was parsed (40 MB of a 47 MB
// request, gctrace). The list is left where it lies in the body, as
// inPlace is: a copy held an Anthropic tool result of 50 MB once more.
type listContent []byte

func (c *listContent) UnmarshalJSON(b []byte) error {
	if trimmed := bytes.TrimSpace(b); len(trimmed) > 0 && trimmed[0] == '[' {
		*c = trimmed
	}
	return nil
}

// blocksOf is the JSON of each block of list, a content list in the
// body, left where it lies: json.RawMessage blocks copied a tool
// result's 50 MB out of the body while the body and its decoded value
// were both held (the blocks are compacted into their own copy, when
// used, by compactJSON). nil when list is not a list of blocks or a
// block was not cut from it.
func blocksOf(list json.RawMessage) []json.RawMessage {
	var cut []inPlace
	if json.Unmarshal(list, &cut) != nil {
		return nil
	}
	blocks := make([]json.RawMessage, len(cut))
	for j, b := range cut {
		if blocks[j] = b.of(list); blocks[j] == nil {
			return nil
		}
	}
	return blocks
}

// inPlace is a value's JSON left where it lies in the body, not copied
// out of it: the tool definitions are compacted into a copy of their own
// (compactJSON) while the body is still read, and a json.RawMessage
// would hold a 50 MB description once more meanwhile.
type inPlace []byte

// UnmarshalJSON keeps b, which json.Unmarshal cuts from the data it was
// given; of checks that it did before the bytes are used.
func (p *inPlace) UnmarshalJSON(b []byte) error {
	*p = b
	return nil
}

// of is p when it lies within data, which is the caller's and stays as
// it is, else nil: the raw JSON is then not known, and the definition
// is encoded from its decoded value, as for any odd input.
func (p inPlace) of(data []byte) json.RawMessage {
	off := cap(data) - cap(p)
	if len(p) == 0 || off < 0 || off+len(p) > len(data) || &data[off] != &p[0] {
		return nil
	}
	return json.RawMessage(data[off : off+len(p) : off+len(p)])
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
		// Compacting never lengthens the JSON: one buffer of its size,
		// not one doubled (and copied) up to it.
		var buf bytes.Buffer
		buf.Grow(len(raw))
		if err := json.Compact(&buf, raw); err == nil {
			return buf.Bytes(), nil
		}
	}
	return marshalJSON(v)
}
