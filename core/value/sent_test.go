package value

import (
	"encoding/json"
	"testing"
)

// TestWithContentKeepsTheItems: a message read from a Responses body,
// edited, keeps its input items with the new text where the API reads
// it: a message's content, an output's output; an assistant's function
// calls get the text as a message item before them, and no text leaves
// them as sent.
func TestWithContentKeepsTheItems(t *testing.T) {
	const calls = `[{"type":"reasoning","id":"rs_1","summary":[]},{"type":"function_call","id":"fc_1","call_id":"a","name":"w","arguments":"{}","status":"completed"}]`
	cases := []struct {
		name, chat, items, text, want string
	}{
		{"output", `{"role":"tool","tool_call_id":"a","content":"sunny"}`,
			`[{"type":"function_call_output","call_id":"a","output":"sunny"}]`, "sun",
			`[{"call_id":"a","output":"sun","type":"function_call_output"}]`},
		{"message", `{"role":"user","content":"hello there"}`,
			`[{"role":"user","content":[{"type":"input_text","text":"hello there"}]}]`, "hello",
			`[{"content":"hello","role":"user"}]`},
		{"calls, no text", `{"role":"assistant","content":null,"tool_calls":[]}`, calls, "", calls},
		{"calls, a text", `{"role":"assistant","content":null,"tool_calls":[]}`, calls, "[removed]",
			`[{"type":"reasoning","id":"rs_1","summary":[]},{"content":"[removed]","role":"assistant","type":"message"},{"type":"function_call","id":"fc_1","call_id":"a","name":"w","arguments":"{}","status":"completed"}]`},
	}
	for _, c := range cases {
		s := (&Sent{Number: 3, JSON: json.RawMessage(c.chat), Items: json.RawMessage(c.items)}).WithContent(c.text)
		if s == nil || s.Number != 3 {
			t.Fatalf("%s: %v", c.name, s)
		}
		var got, want any
		if err := json.Unmarshal(s.Items, &got); err != nil {
			t.Fatalf("%s: items %s: %v", c.name, s.Items, err)
		}
		if err := json.Unmarshal([]byte(c.want), &want); err != nil {
			t.Fatal(err)
		}
		if g, w := mustJSON(got), mustJSON(want); g != w {
			t.Errorf("%s: items %s, want %s", c.name, g, w)
		}
		var chat map[string]any
		if err := json.Unmarshal(s.JSON, &chat); err != nil || chat["content"] != c.text {
			t.Errorf("%s: chat form %s", c.name, s.JSON)
		}
	}
	if s := (&Sent{JSON: json.RawMessage(`{"role":"user","content":"x"}`)}).WithContent("y"); s == nil || s.Items != nil {
		t.Errorf("a chat message edited: %+v", s)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
