package request

import (
	"encoding/json"

	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/loaders"
)

// responsesFrame is what a Responses API body sends around its input
// items, as sent, for the body ctxlab writes back (see
// window.ResponsesFrame); with raw, the parts as they were written.
func responsesFrame(site requestSite, body map[string]any, raw *rawResponses) (*window.ResponsesFrame, error) {
	f := &window.ResponsesFrame{}
	f.Instructions, _ = body["instructions"].(string)
	_, f.MaxOutputTokens = body["max_output_tokens"]
	tools := listOf(body["tools"])
	for i, v := range tools {
		data, err := loaders.MarshalJSON(asSent(raw.tool(i, len(tools)), v))
		if err != nil {
			return nil, site.errorf("tool %d cannot be written as JSON: %v", i+1, err)
		}
		f.Tools = append(f.Tools, data)
	}
	for key, to := range map[string]*json.RawMessage{"tool_choice": &f.ToolChoice, "parallel_tool_calls": &f.ParallelToolCalls, "text": &f.Text} {
		v, ok := body[key]
		if !ok || v == nil {
			continue
		}
		data, err := loaders.MarshalJSON(asSent(raw.field(key), v))
		if err != nil {
			return nil, site.errorf("%q cannot be written as JSON: %v", key, err)
		}
		*to = data
	}
	return f, nil
}

// withResponsesItems gives every message of a request read from a
// Responses body the input items it was read from (value.Sent.Items), by
// its number in the chat form. A message the split does not carry as
// itself (a system item folded into the system prompt) has its items go
// with the next message carried, or the last, so that the body written
// back holds them where they were sent.
func withResponsesItems(site requestSite, req *chatRequest, items [][]any) error {
	carried := map[int]*value.Sent{}
	for _, s := range []*value.Sent{req.systemSent, req.querySent} {
		if s != nil {
			carried[s.Number] = s
		}
	}
	for _, m := range req.history {
		if m.Sent != nil {
			carried[m.Sent.Number] = m.Sent
		}
	}
	for _, r := range req.toolResults {
		if r.Sent != nil {
			carried[r.Sent.Number] = r.Sent
		}
	}
	var pending []any // items of messages not carried, for the next one
	var last *value.Sent
	for i, from := range items {
		s := carried[i+1]
		if s == nil {
			pending = append(pending, from...)
			continue
		}
		list := append(pending, from...)
		pending = nil
		if err := setItems(site, s, list); err != nil {
			return err
		}
		last = s
	}
	if len(pending) > 0 && last != nil {
		// Read back as sent, so the items keep the order of their keys.
		var sent []json.RawMessage
		if len(last.Items) > 0 {
			if err := json.Unmarshal(last.Items, &sent); err != nil {
				return site.errorf("message %d: its input items cannot be read back: %v", last.Number, err)
			}
		}
		before := make([]any, len(sent))
		for i, item := range sent {
			before[i] = item
		}
		return setItems(site, last, append(before, pending...))
	}
	return nil
}

func setItems(site requestSite, s *value.Sent, list []any) error {
	if len(list) == 0 {
		return nil
	}
	data, err := loaders.MarshalJSON(list)
	if err != nil {
		return site.errorf("message %d: its input items cannot be written as JSON: %v", s.Number, err)
	}
	s.Items = data
	return nil
}
