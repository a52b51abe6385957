package window

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/value"
	"ctxlab/internal/chatbody"
)

// sentMessage is a history message of an imported request.
func sentMessage(number int, role, content, object string) value.Message {
	return value.Message{Role: role, Content: content, Sent: &value.Sent{Number: number, JSON: json.RawMessage(object)}}
}

// An imported request's history reaches the chat layout after the
// memory strategy, which may have dropped a tool call and kept the tool
// message that answers it, or the other way round: neither half is sent
// alone, and every message sent is written as it came.
func TestChatLayoutSendsImportedCallsWithTheirResults(t *testing.T) {
	in := chatInput()
	in.ToolResults = nil
	call := `{"role":"assistant","content":null,"tool_calls":[{"id":"c9","type":"function","function":{"name":"look","arguments":"{}"}}]}`
	in.History = []value.Message{
		// The memory strategy dropped message 2, the call of message 3.
		sentMessage(3, "tool", "o1", `{"role":"tool","tool_call_id":"c8","content":"o1"}`),
		sentMessage(4, "user", "u1", `{"role":"user","name":"ann","content":[{"type":"text","text":"u1"}]}`),
		// And kept message 5, a call whose answer, message 6, it dropped.
		sentMessage(5, "assistant", "", call),
		sentMessage(7, "user", "u2", `{"role":"user","content":"u2"}`),
	}
	in.SystemSent = &value.Sent{Number: 1, JSON: json.RawMessage(`{"role":"system","content":"sys one two","name":"policy"}`)}
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	body, err := json.Marshal(struct {
		Messages []ChatMessage   `json:"messages"`
		Tools    json.RawMessage `json:"tools"`
	}{a.Messages, a.Tools})
	if err != nil {
		t.Fatal(err)
	}
	if err := chatbody.CheckOpenAI(body); err != nil {
		t.Errorf("not an OpenAI body: %v\n%s", err, body)
	}
	var numbers []int
	for _, m := range a.Messages {
		if m.Sent != nil {
			numbers = append(numbers, m.Sent.Number)
		}
	}
	if got := fmt.Sprint(numbers); got != "[1 4 7]" {
		t.Errorf("messages sent as they came: %s, want [1 4 7] (the call and the answer split from each other left out)", got)
	}
	for _, want := range []string{`"name":"policy"`, `"name":"ann","content":[{"type":"text","text":"u1"}]`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("body lacks %s as sent:\n%s", want, body)
		}
	}
	if c, _ := a.Component(ComponentHistory); !strings.Contains(c.Note, "2 messages of a tool call the memory strategy split dropped with it") {
		t.Errorf("history note %q", c.Note)
	}
}
