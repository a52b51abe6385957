package request

import (
	"encoding/json"
	"reflect"
	"testing"

	"ctxlab/core/value"
)

// TestResponsesMessagesKeepTheirItems: every message read from a
// Responses body carries the input items it was read from, as sent; an
// item the chat form has no place for goes with the message after it, a
// system item folded into the system prompt with the message sent next,
// and the frame keeps the tools and fields around the items.
func TestResponsesMessagesKeepTheirItems(t *testing.T) {
	body := `{"model":"gpt-4o","instructions":"Be brief.","max_output_tokens":300,"input":[
		{"role":"user","content":"weather?"},
		{"type":"reasoning","id":"rs_1","summary":[]},
		{"type":"function_call","id":"fc_1","call_id":"a","name":"w","arguments":"{}","status":"completed"},
		{"type":"function_call","call_id":"b","name":"w","arguments":"{}"},
		{"type":"function_call_output","call_id":"a","output":"sunny"},
		{"type":"function_call_output","call_id":"b","output":"rain"},
		{"role":"system","content":"Use Celsius."},
		{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Sunny, then rain."}]}],
		"tools":[{"type":"function","name":"w","parameters":{"type":"object","properties":{}}},{"type":"web_search"}],
		"text":{"format":{"type":"text"}},"tool_choice":"auto"}`
	sc, err := Parse("r.json", []byte(body), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var input struct {
		Input []any `json:"input"`
		Tools []any `json:"tools"`
	}
	if err := json.Unmarshal([]byte(body), &input); err != nil {
		t.Fatal(err)
	}
	items := func(s *value.Sent) []any {
		t.Helper()
		var list []any
		if s != nil && json.Unmarshal(s.Items, &list) != nil {
			t.Fatalf("items of %v: %s", s, s.Items)
		}
		return list
	}
	var got [][]any
	got = append(got, items(sc.QuerySent))
	for _, r := range sc.ToolResults {
		got = append(got, items(r.Sent))
	}
	in := input.Input
	want := [][]any{{in[0]}, {in[1], in[2], in[3]}, {in[4]}, {in[5]}, {in[6], in[7]}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("items\n%v\nwant\n%v", got, want)
	}
	if sc.SystemSent != nil {
		t.Errorf("system prompt sent as %s; it is the instructions and a system item", sc.SystemSent.JSON)
	}
	f := sc.Responses
	if f == nil || f.Instructions != "Be brief." || !f.MaxOutputTokens || len(f.Tools) != 2 ||
		string(f.ToolChoice) != `"auto"` || string(f.Text) != `{"format":{"type":"text"}}` {
		t.Fatalf("frame %+v", f)
	}

	cut := sc.ToolResults[1].Sent.WithContent("sun")
	var cutItems []map[string]any
	if err := json.Unmarshal(cut.Items, &cutItems); err != nil || len(cutItems) != 1 || cutItems[0]["output"] != "sun" || cutItems[0]["call_id"] != "a" {
		t.Errorf("cut output items %s (%v)", cut.Items, err)
	}

	plain, err := Parse("r.json", []byte(`{"model":"gpt-4o","input":"hello"}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s := string(plain.QuerySent.Items); s != `[{"content":"hello","role":"user"}]` {
		t.Errorf("a string input's items %s", s)
	}
}
