package request

import (
	"bytes"
	"encoding/json"
)

// rawResponses keeps, as sent, the parts of a Responses API body that
// its chat form and the body written back pass through: tool
// definitions, input items, text and tool_choice. Decoded into maps they
// would come back with their keys sorted, and OpenAI renders a
// function's parameters in the order they were sent. Only a body read
// from JSON has one.
type rawResponses struct {
	// fields are text, tool_choice and parallel_tool_calls.
	fields       map[string]json.RawMessage
	tools, input []json.RawMessage
}

// rawResponsesOf extracts the raw parts of a JSON Responses body, nil
// when data is not one JSON object.
func rawResponsesOf(data []byte) *rawResponses {
	fields, ok := rawFields(data)
	if !ok {
		return nil
	}
	r := &rawResponses{fields: map[string]json.RawMessage{}}
	for _, key := range []string{"text", "tool_choice", "parallel_tool_calls"} {
		r.fields[key] = fields[key]
	}
	if json.Unmarshal(fields["tools"], &r.tools) != nil {
		r.tools = nil
	}
	if json.Unmarshal(fields["input"], &r.input) != nil {
		r.input = nil
	}
	return r
}

// rawFields reads a JSON object's members by their exact key (the last
// one when a key repeats, as the decoded map has it), each as sent.
func rawFields(obj json.RawMessage) (map[string]json.RawMessage, bool) {
	if len(obj) == 0 {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	fields := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		fields[key] = v
	}
	return fields, true
}

// rawField is member key of obj as sent, nil when obj is not an object
// or has no such member.
func rawField(obj json.RawMessage, key string) json.RawMessage {
	fields, _ := rawFields(obj)
	return fields[key]
}

// tool is tool i as sent, when the raw reading saw count tools.
func (r *rawResponses) tool(i, count int) json.RawMessage {
	if r == nil || len(r.tools) != count {
		return nil
	}
	return r.tools[i]
}

// item is input item i as sent, when the raw reading saw count items.
func (r *rawResponses) item(i, count int) json.RawMessage {
	if r == nil || len(r.input) != count {
		return nil
	}
	return r.input[i]
}

// field is the top-level member key as sent (text, tool_choice or
// parallel_tool_calls), nil without a raw reading.
func (r *rawResponses) field(key string) json.RawMessage {
	if r == nil {
		return nil
	}
	return r.fields[key]
}

// asSent is v, an object or a list, as it was sent (raw) when raw is
// given: a value the chat form or the body written back passes through,
// kept in the order it was sent. Anything else is v, which readers of
// the chat form look at as decoded.
func asSent(raw json.RawMessage, v any) any {
	switch v.(type) {
	case map[string]any, []any:
		if len(raw) > 0 {
			return raw
		}
	}
	return v
}
