package chatbody

import (
	"strings"
	"testing"
)

func TestCheckAnthropic(t *testing.T) {
	const use = `{"role":"assistant","content":[{"type":"tool_use","id":"u1","name":"f","input":{}}]}`
	const result = `{"role":"user","content":[{"type":"tool_result","tool_use_id":"u1","content":"r"}]}`
	const question = `{"role":"user","content":[{"type":"text","text":"q"}]}`
	cases := []struct {
		name, body, problem string
	}{
		{"chat", `{"max_tokens":10,"system":"s","messages":[` + question + `]}`, ""},
		{"tool round", `{"max_tokens":10,"messages":[` + question + `,` + use + `,` + result + `]}`, ""},
		{"no max_tokens", `{"messages":[` + question + `]}`, "max_tokens"},
		{"system message", `{"max_tokens":10,"messages":[{"role":"system","content":[{"type":"text","text":"s"}]}]}`, "alternate"},
		{"two user turns", `{"max_tokens":10,"messages":[` + question + `,` + question + `]}`, "alternate"},
		{"result without use", `{"max_tokens":10,"messages":[` + question + `,{"role":"assistant","content":[{"type":"text","text":"a"}]},` + result + `]}`, "answers no tool_use"},
		{"use unanswered", `{"max_tokens":10,"messages":[` + question + `,` + use + `]}`, "no tool_result"},
		{"use then text", `{"max_tokens":10,"messages":[` + question + `,` + use + `,` + question + `]}`, "has no tool_result"},
		{"empty text", `{"max_tokens":10,"messages":[{"role":"user","content":[{"type":"text","text":""}]}]}`, "empty text"},
		{"use without input", `{"max_tokens":10,"messages":[` + question + `,{"role":"assistant","content":[{"type":"tool_use","id":"u1","name":"f"}]}]}`, "input object"},
	}
	for _, c := range cases {
		err := CheckAnthropic([]byte(c.body))
		switch {
		case c.problem == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.problem != "" && (err == nil || !strings.Contains(err.Error(), c.problem)):
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.problem)
		}
	}
}
