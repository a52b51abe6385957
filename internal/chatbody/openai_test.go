package chatbody

import (
	"strings"
	"testing"
)

func TestCheckOpenAI(t *testing.T) {
	const call = `{"role":"assistant","content":"","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]}`
	cases := []struct {
		name, body, problem string
	}{
		{"chat", `{"messages":[{"role":"system","content":"s"},{"role":"user","content":"q"}]}`, ""},
		{"call answered", `{"messages":[{"role":"user","content":"q"},` + call + `,{"role":"tool","tool_call_id":"c1","content":"r"}],
			"tools":[{"type":"function","function":{"name":"f"}}]}`, ""},
		{"no messages", `{"messages":[]}`, "no messages"},
		{"unknown role", `{"messages":[{"role":"tool_result","content":"r"}]}`, "not a role"},
		{"tool without call", `{"messages":[{"role":"user","content":"q"},{"role":"tool","tool_call_id":"c1","content":"r"}]}`, "answers no open call"},
		{"call unanswered", `{"messages":[{"role":"user","content":"q"},` + call + `]}`, "no tool message answering"},
		{"call then user", `{"messages":[` + call + `,{"role":"user","content":"q"}]}`, "no tool message answering"},
		{"call without id", `{"messages":[{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"f"}}]}]}`, "needs an id"},
		{"user without content", `{"messages":[{"role":"user"}]}`, "no content"},
		{"tool not a function", `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function"}]}`, "not a named function"},
		{"not JSON", `{`, "not a request body"},
	}
	for _, c := range cases {
		err := CheckOpenAI([]byte(c.body))
		switch {
		case c.problem == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.problem != "" && (err == nil || !strings.Contains(err.Error(), c.problem)):
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.problem)
		}
	}
}
