package chatbody

import (
	"strings"
	"testing"
)

func TestCheckResponses(t *testing.T) {
	const call = `{"type":"function_call","call_id":"c1","name":"f","arguments":"{}","id":"fc_1","status":"completed"}`
	const output = `{"type":"function_call_output","call_id":"c1","output":"r"}`
	cases := []struct {
		name, body, problem string
	}{
		{"text", `{"instructions":"i","input":"q"}`, ""},
		{"call answered", `{"input":[{"role":"user","content":"q"},` + call + `,` + output + `],"tools":[{"type":"function","name":"f"},{"type":"web_search"}]}`, ""},
		{"reasoning kept", `{"input":[{"role":"user","content":[{"type":"input_text","text":"q"}]},{"type":"reasoning","summary":[]},` + call + `,` + output + `]}`, ""},
		{"no items", `{"input":[]}`, "no input items"},
		{"unknown item", `{"input":[{"type":"tool_result","content":"r"}]}`, "not an input item type"},
		{"unknown role", `{"input":[{"role":"tool","content":"r"}]}`, "not one the API takes"},
		{"output without call", `{"input":[{"role":"user","content":"q"},` + output + `]}`, "answers no function_call before it"},
		{"output before call", `{"input":[` + output + `,` + call + `]}`, "answers no function_call before it"},
		{"call unanswered", `{"input":[{"role":"user","content":"q"},` + call + `]}`, "has no function_call_output"},
		{"answered twice", `{"input":[` + call + `,` + output + `,` + output + `]}`, "answered twice"},
		{"call without name", `{"input":[{"type":"function_call","call_id":"c1","arguments":"{}"}]}`, "needs a call_id"},
		{"message without content", `{"input":[{"type":"message","role":"user"}]}`, "no content"},
		{"instructions not text", `{"instructions":[1],"input":"q"}`, "not a string"},
		{"tool without name", `{"input":"q","tools":[{"type":"function"}]}`, "without a name"},
		{"tool twice", `{"input":"q","tools":[{"type":"function","name":"f"},{"type":"function","name":"f"}]}`, "a second tool"},
		{"choice named", `{"input":"q","tools":[{"type":"function","name":"f"}],"tool_choice":{"type":"function","name":"f"}}`, ""},
		{"choice not a tool", `{"input":"q","tools":[{"type":"function","name":"f"}],"tool_choice":{"type":"function","name":"g"}}`, "not among the tools"},
		{"allowed not a tool", `{"input":"q","tool_choice":{"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"g"}]}}`, "not among the tools"},
		{"required, no tools", `{"input":"q","tool_choice":"required"}`, "with no tools"},
		{"not JSON", `{`, "not a request body"},
	}
	for _, c := range cases {
		err := CheckResponses([]byte(c.body))
		switch {
		case c.problem == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.problem != "" && (err == nil || !strings.Contains(err.Error(), c.problem)):
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.problem)
		}
	}
}
