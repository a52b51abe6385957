package request

import (
	"strings"
	"testing"
)

// TestResponsesBodyKeepsKeyOrder: the parts of a Responses API body its
// chat form and the body written back pass through keep their keys in
// the order sent. OpenAI renders a function's parameters in that order,
// so a tool whose properties are not alphabetical must not come out
// sorted.
func TestResponsesBodyKeepsKeyOrder(t *testing.T) {
	body := `{"model":"gpt-4o","input":[
		{"role":"user","content":"Book it."},
		{"type":"function_call","call_id":"c1","name":"book","arguments":"{\"zeta\":1,\"alpha\":2}"},
		{"type":"function_call_output","call_id":"c1","output":"done"},
		{"role":"developer","content":"Be brief."},
		{"type":"reasoning","summary":[],"id":"rs_1"}],
		"tools":[{"type":"function","name":"book","description":"Books a table.",
			"parameters":{"type":"object","properties":{"zeta":{"type":"string"},"mid":{"type":"integer"},"alpha":{"type":"boolean"}},"required":["zeta"]}}],
		"text":{"format":{"type":"json_schema","name":"out","schema":{"type":"object","properties":{"zulu":{"type":"string"},"able":{"type":"string"}}}}}}`
	sc, _ := measuredUsed(t, body)
	inOrder := func(what, text string, keys ...string) {
		t.Helper()
		at := -1
		for _, key := range keys {
			i := strings.Index(text, `"`+key+`"`)
			if i <= at {
				t.Errorf("%s: %q is not after the keys before it (%v) as sent:\n%s", what, key, keys, text)
				return
			}
			at = i
		}
	}
	if len(sc.Tools) != 1 || sc.Responses == nil || len(sc.Responses.Tools) != 1 {
		t.Fatalf("read as %+v", sc)
	}
	inOrder("the chat form's tool", string(sc.Tools[0]), "zeta", "mid", "alpha")
	inOrder("the chat body's tool", sc.OpenAIBody, "zeta", "mid", "alpha")
	inOrder("the chat body's response_format", sc.OpenAIBody, "zulu", "able")
	inOrder("the tool written back", string(sc.Responses.Tools[0]), "type", "name", "description", "parameters", "zeta", "mid", "alpha")
	inOrder("the text written back", string(sc.Responses.Text), "format", "type", "name", "schema", "zulu", "able")
	var items []string
	for _, r := range sc.ToolResults {
		if r.Sent != nil {
			items = append(items, string(r.Sent.Items))
		}
	}
	if len(items) != 2 {
		t.Fatalf("tool results with input items: %q; want the call's and the output's", items)
	}
	all := strings.Join(items, "\n")
	inOrder("the input items written back", all, "type", "call_id", "name", "arguments", "output")
	// A developer message after the conversation started is counted in
	// the system prompt; its item, and the reasoning item after it, go
	// with the last message carried, after its own.
	inOrder("the items moved to the last message", items[len(items)-1], "type", "call_id", "output", "role", "content", "reasoning", "summary", "id")
}
