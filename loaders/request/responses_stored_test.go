package request

import (
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/core/window"
)

// TestResponsesStoredCalls: a function_call item sent with the id of the
// output item it replays is listed, by call id, in the body counted (so
// the count can bill it), and nowhere in the request read: the history
// keeps the call as sent.
func TestResponsesStoredCalls(t *testing.T) {
	body := `{"model":"gpt-4o","instructions":"Be brief.","input":[
		{"role":"user","content":"weather?"},
		{"type":"function_call","id":"fc_1","call_id":"call_a","name":"w","arguments":"{}","status":"completed"},
		{"type":"function_call_output","call_id":"call_a","output":"sunny"},
		{"type":"function_call","call_id":"call_b","name":"w","arguments":"{}"},
		{"type":"function_call_output","call_id":"call_b","output":"rain"}],
		"tools":[{"type":"function","name":"w","parameters":{"type":"object","properties":{}}}]}`
	sc, err := Parse("r.json", []byte(body), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var counted map[string]any
	if err := json.Unmarshal([]byte(sc.OpenAIBody), &counted); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(counted[window.ResponsesStoredCallsKey])
	if string(got) != `["call_a"]` {
		t.Errorf("stored calls %s, want [\"call_a\"]", got)
	}
	read, _ := json.Marshal(sc.History)
	results, _ := json.Marshal(sc.ToolResults)
	for _, s := range []string{string(read), string(results)} {
		if strings.Contains(s, window.ResponsesStoredCallsKey) || strings.Contains(s, "fc_1") {
			t.Errorf("the request read carries the marker: %s", s)
		}
	}
}
