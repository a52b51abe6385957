package window

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// withCallIDs gives every tool call that has no id one, for the chat
// layout: a chat API refuses an assistant's tool call without an id, and
// a tool message that names no call. An input written by hand, or
// converted from a format without ids, has neither. Each call without an
// id gets call_1, call_2, … (a number no id of the input uses), and the
// tool outputs after that assistant message that name no call answer its
// calls in order, as the conversation reads. It returns copies (the
// input is not touched) and how many ids it made up.
func withCallIDs(results []ToolResult, calls []json.RawMessage) ([]ToolResult, []json.RawMessage, int) {
	used := map[string]bool{}
	for i, r := range results {
		used[r.ToolCallID] = true
		for _, id := range toolCallIDs(calls[i]) {
			used[id] = true
		}
	}
	var out []ToolResult
	var outCalls []json.RawMessage
	made, next := 0, 1
	var pending []string // made-up ids not yet answered, in call order
	for i, r := range results {
		if r.role() != "tool" {
			pending = nil
			ids, rewritten, ok := fillCallIDs(calls[i], func() string {
				for used["call_"+strconv.Itoa(next)] {
					next++
				}
				id := "call_" + strconv.Itoa(next)
				used[id] = true
				return id
			})
			if ok {
				if out == nil {
					out, outCalls = append([]ToolResult(nil), results...), append([]json.RawMessage(nil), calls...)
				}
				outCalls[i] = rewritten
				out[i].ToolCalls = rewritten
				pending = ids
				made += len(ids)
			}
			continue
		}
		if r.ToolCallID == "" && len(pending) > 0 {
			if out == nil {
				out, outCalls = append([]ToolResult(nil), results...), append([]json.RawMessage(nil), calls...)
			}
			out[i].ToolCallID, pending = pending[0], pending[1:]
		}
	}
	if out == nil {
		return results, calls, 0
	}
	return out, outCalls, made
}

// fillCallIDs sets an id on each call of a tool_calls array that has
// none, and returns the ids it set and the array rewritten; ok is false
// when every call has an id already or the array is not OpenAI's.
func fillCallIDs(calls json.RawMessage, newID func() string) (ids []string, rewritten json.RawMessage, ok bool) {
	var parsed []map[string]json.RawMessage
	if len(calls) == 0 || json.Unmarshal(calls, &parsed) != nil {
		return nil, nil, false
	}
	for _, c := range parsed {
		var id string
		if raw, has := c["id"]; has && json.Unmarshal(raw, &id) == nil && id != "" {
			continue
		}
		id = newID()
		c["id"] = json.RawMessage(strconv.Quote(id))
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil, nil, false
	}
	b, err := json.Marshal(parsed)
	if err != nil {
		return nil, nil, false
	}
	return ids, b, true
}

// madeUpIDsNote says that ids were made up, on the tool results' line.
func madeUpIDsNote(n int) string {
	return fmt.Sprintf("%d tool call %s made up (call_1, …) since the input's calls had none and a chat API requires them; each output answers its call in order", n, map[bool]string{true: "id", false: "ids"}[n == 1])
}
