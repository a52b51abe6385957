package window

import (
	"strings"
	"testing"
)

// TestOpenAIResponseFormatJSON: a response format's schema is written as
// Python's json.dumps writes it (every character beyond ASCII escaped),
// without defaults and item bounds; a property named default stays.
func TestOpenAIResponseFormatJSON(t *testing.T) {
	body := `{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"q"}],
		"response_format":{"type":"json_schema","json_schema":{"name":"plan","strict":true,
		"schema":{"type":"object","description":"Steps — in order\n\"quoted\" 😀","properties":{
			"default":{"type":"string"},
			"steps":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3,"default":[]},
			"score":{"type":"number","default":0.5}}}}}}`
	want := "Be brief.\n\n# Response Formats\n\n## plan\n\n" +
		`{"type":"object","description":"Steps \u2014 in order\n\"quoted\" \ud83d\ude00","properties":{"default":{"type":"string"},"steps":{"type":"array","items":{"type":"string"}},"score":{"type":"number"}}}`
	if got := renderedTools(t, body); got != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", got, want)
	}
}

// TestOpenAIFunctionDescriptionLines: each non-blank line of a function's
// description is a comment of its own, its indentation gone.
func TestOpenAIFunctionDescriptionLines(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{
		"name":"ask","description":"Ask a question.\n\nArgs:\n    repo: The repository.",
		"parameters":{"type":"object","properties":{"repo":{"type":"string"}},"required":["repo"]}}}]}`
	want := strings.Join([]string{
		"# Tools", "", "## functions", "", "namespace functions {", "",
		"// Ask a question.",
		"// Args:",
		"// repo: The repository.",
		"type ask = (_: {",
		"repo: string,",
		"}) => any;",
		"",
		"} // namespace functions",
	}, "\n")
	if got := renderedTools(t, body); got != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", got, want)
	}
}

// TestOpenAILegacyFunctions: the legacy functions list renders as the
// same functions in tools do.
func TestOpenAILegacyFunctions(t *testing.T) {
	fn := `{"name":"weather","description":"Get the weather.","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}`
	legacy := renderedTools(t, `{"messages":[{"role":"user","content":"q"}],"functions":[`+fn+`]}`)
	tools := renderedTools(t, `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":`+fn+`}]}`)
	if legacy != tools || !strings.Contains(legacy, "type weather = (_: {") {
		t.Errorf("functions rendered:\n%s\ntools rendered:\n%s", legacy, tools)
	}
}

// TestOpenAIPromptAdjustments: what a request costs beyond its rendered
// text: a token less for the tools, one less for each function with
// parameters and no description (strict or not), nothing for a response
// format (with no tools before it, its reply's priming costs more:
// TestOpenAIReplyPrimedToFormat); a tool call's arguments are compact.
func TestOpenAIPromptAdjustments(t *testing.T) {
	rf := `"response_format":{"type":"json_schema","json_schema":{"name":"r","schema":{"type":"object"}}}`
	withParams := `"parameters":{"type":"object","properties":{"x":{"type":"string","description":"X."}}}`
	tests := []struct {
		name, body string
		adjust     int
	}{
		{"described", `"tools":[{"type":"function","function":{"name":"f","description":"F.","strict":true,` + withParams + `}}]`, -1},
		{"no description", `"tools":[{"type":"function","function":{"name":"f","description":"",` + withParams + `}}]`, -2},
		{"no description, no parameters", `"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]`, -1},
		{"format alone", rf, 0},
		{"format after tools", `"tools":[{"type":"function","function":{"name":"f","description":"F.",` + withParams + `}}],` + rf, -1},
	}
	for _, tt := range tests {
		n, err := parseOrderedJSON(`{"model":"gpt-4o","messages":[{"role":"user","content":"q"}],` + tt.body + `}`)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, "gpt-4o", false)
		if !ok {
			t.Fatalf("%s: not rendered", tt.name)
		}
		if p.toolsAdjust != tt.adjust {
			t.Errorf("%s: adjustment %d, want %d", tt.name, p.toolsAdjust, tt.adjust)
		}
	}

	n, _ := parseOrderedJSON(`{"messages":[{"role":"user","content":"q"},{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{\"value\": \"one\"}"}}]},{"role":"tool","tool_call_id":"c","content":"r"}]}`)
	p, _ := renderOpenAIPrompt(n, "gpt-4o", false)
	if got := p.messages[1].content.String(); got != `{"value":"one"}` {
		t.Errorf("call arguments %q, want compact JSON", got)
	}
}
