package window

import (
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/internal/chatbody"
)

// An agent loop whose calls have no ids (written by hand, or converted
// from a format without them) exports as bodies both providers take: the
// calls get call_1, call_2, … and the outputs after them answer them in
// order; an id the input uses is not reused; the note says so.
func TestChatLayoutMakesUpMissingCallIDs(t *testing.T) {
	in := chatInput()
	in.ToolResults = []ToolResult{
		{Role: "assistant", ToolCalls: json.RawMessage(`[{"type":"function","function":{"name":"look","arguments":"{}"}},` +
			`{"type":"function","function":{"name":"ship","arguments":"{}"}}]`)},
		{Name: "look", Content: "o1 o2"},
		{Name: "ship", Content: "p1 p2"},
		{Role: "assistant", ToolCalls: json.RawMessage(`[{"id":"call_2","type":"function","function":{"name":"look","arguments":"{}"}},` +
			`{"type":"function","function":{"name":"look","arguments":"{}"}}]`)},
		{Name: "look", Content: "q1", ToolCallID: "call_2"},
		{Name: "look", Content: "q2"},
	}
	original := string(in.ToolResults[0].ToolCalls)
	a := assembleChat(t, in)
	got := roles(a.Messages[9:])
	if want := "assistant tool:call_1 tool:call_3 assistant tool:call_2 tool:call_4"; got != want {
		t.Errorf("after the query %s, want %s", got, want)
	}
	if !strings.Contains(string(a.Messages[9].ToolCalls), `"id":"call_1"`) || !strings.Contains(string(a.Messages[12].ToolCalls), `"id":"call_4"`) {
		t.Errorf("the calls do not carry the ids: %s / %s", a.Messages[9].ToolCalls, a.Messages[12].ToolCalls)
	}
	if string(in.ToolResults[0].ToolCalls) != original {
		t.Error("the input's calls were changed")
	}
	r, _ := a.Component(ComponentToolResults)
	if !strings.Contains(r.Note, "3 tool call ids made up (call_1, …)") {
		t.Errorf("tool results note %q", r.Note)
	}
	checkReplayable(t, a)
	data, err := json.Marshal(a.AnthropicBody("claude-sonnet-4-5"))
	if err != nil {
		t.Fatal(err)
	}
	if err := chatbody.CheckAnthropic(data); err != nil {
		t.Errorf("not a valid Anthropic body: %v\n%s", err, data)
	}
}

// Calls that have ids are left as they are.
func TestChatLayoutKeepsGivenCallIDs(t *testing.T) {
	in := chatInput()
	results, calls, made := withCallIDs(in.ToolResults, []json.RawMessage{in.ToolResults[0].ToolCalls, nil, in.ToolResults[2].ToolCalls, nil, nil})
	if made != 0 || &results[0] != &in.ToolResults[0] || string(calls[0]) != string(in.ToolResults[0].ToolCalls) {
		t.Errorf("made %d ids for calls that had them", made)
	}
}
