package window

import (
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

func renderedTools(t *testing.T, body string) string {
	t.Helper()
	n, err := parseOrderedJSON(body)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := renderOpenAIPrompt(n, "gpt-4o", false)
	if !ok {
		t.Fatal("not rendered")
	}
	return p.messages[0].content.String()
}

// TestOpenAISchemaFeatures: every JSON Schema feature real tools use is
// written the way the recorded bills show OpenAI writes it.
func TestOpenAISchemaFeatures(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{
		"name":"book","description":"Book a trip.","strict":true,
		"parameters":{"type":"object","additionalProperties":false,"$defs":{"Seat":{"type":"object","description":"A seat.","properties":{"row":{"type":"integer"}},"required":["row"]}},
		"properties":{
			"city":{"type":"string","description":"Where to."},
			"class":{"type":"string","title":"Class","enum":["economy","business"],"default":"economy"},
			"note":{"type":["string","null"],"default":null},
			"when":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},
			"kind":{"const":"trip"},
			"seat":{"$ref":"#/$defs/Seat"},
			"legs":{"type":"array","items":{"type":"object","properties":{"from":{"type":"string","description":"Leaving from."},"by":{"type":"string","title":"By"},"stops":{"type":"object","properties":{"n":{"type":"number"}}}},"required":["from"]}},
			"extra":{"type":"object","additionalProperties":true}
		},"required":["city","when"]}}}]}`
	want := strings.Join([]string{
		"# Tools",
		"",
		"## functions",
		"",
		"namespace functions {",
		"",
		"// Book a trip.",
		"type book = (_: {",
		"// Where to.",
		"city: string,",
		"// Class",
		`class?: "economy" | "business", // default: "economy"`,
		"note?: string | null, // default: null",
		"when: string | string[],",
		`kind?: "trip",`,
		"// A seat.",
		"seat?: {",
		"  row: number,",
		"},",
		"legs?: {",
		"  // Leaving from.",
		"  from: string,",
		"  // By",
		"  by?: string,",
		"  stops?: {",
		"    n?: number,",
		"  },",
		"}[],",
		"extra?: object,",
		"}) => any;",
		"",
		"} // namespace functions",
	}, "\n")
	if got := renderedTools(t, body); got != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", got, want)
	}
}

// TestOpenAIResponseFormat: a json_schema response format follows the
// tools, its schema's JSON without required, additionalProperties,
// minimum and maximum (a property named required stays).
func TestOpenAIResponseFormat(t *testing.T) {
	body := `{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"q"}],
		"response_format":{"type":"json_schema","json_schema":{"name":"answer","description":"The answer.","strict":true,
		"schema":{"type":"object","additionalProperties":false,"properties":{"required":{"type":"boolean"},"n":{"type":"number","minimum":0,"maximum":1}},"required":["required","n"]}}}}`
	want := "Be brief.\n\n# Response Formats\n\n## answer\n\n// The answer.\n" +
		`{"type":"object","properties":{"required":{"type":"boolean"},"n":{"type":"number"}}}`
	if got := renderedTools(t, body); got != want {
		t.Errorf("rendered:\n%q\nwant:\n%q", got, want)
	}
}

// TestOpenAIToolCallMessages: a tool call is a message to the function,
// several calls one call of the parallel wrapper, and an output a message
// from the function it answers, the outputs of a parallel call one
// message from the wrapper; ids are not rendered.
func TestOpenAIToolCallMessages(t *testing.T) {
	body := `{"model":"gpt-4o","messages":[{"role":"user","content":"q"},
		{"role":"assistant","content":"Checking.","tool_calls":[{"id":"c1","type":"function","function":{"name":"a","arguments":"{\"x\": 1}"}}]},
		{"role":"tool","tool_call_id":"c1","content":"one"},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c2","type":"function","function":{"name":"a","arguments":"{}"}},{"id":"c3","type":"function","function":{"name":"b","arguments":"{\"y\": \"z\"}"}}]},
		{"role":"tool","tool_call_id":"c3","content":"three"},
		{"role":"tool","tool_call_id":"c2","content":"two"}]}`
	n, _ := parseOrderedJSON(body)
	p, ok := renderOpenAIPrompt(n, "gpt-4o", false)
	if !ok {
		t.Fatal("not rendered")
	}
	var got []string
	for _, m := range p.messages {
		got = append(got, m.header+" | "+m.content.String())
	}
	want := []string{
		"user | q",
		"assistant | Checking.",
		`assistant to=functions.a | {"x":1}`,
		"functions.a | one",
		`assistant to=multi_tool_use.parallel | {"tool_uses":[{"recipient_name":"functions.a","parameters":{}},{"recipient_name":"functions.b","parameters":{"y":"z"}}]}`,
		`multi_tool_use.parallel | ["three", "two"]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	c := p.count(tok)
	if len(c.resultItems) != 5 || c.components[ComponentToolResults] != sumInts(c.resultItems) {
		t.Errorf("tool results %d as items %v", c.components[ComponentToolResults], c.resultItems)
	}
}

func sumInts(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// TestBilledAssemblyAddsUp: measured with its body, a request's
// components and framing add up to the count of the rendering, with no
// headings; a history the body no longer matches is counted from its
// parts.
func TestBilledAssemblyAddsUp(t *testing.T) {
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	body := `{"model":"gpt-5","messages":[{"role":"developer","content":"Be brief."},{"role":"user","content":"q"},
		{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"c1","content":"r"}],
		"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]}`
	in := Input{Budget: ContextBudget{TotalWindow: 10000, ResponseReserve: 100}, Tokenizer: tok, Mode: MeasureOnly, Model: "gpt-5",
		SystemPrompt: "Be brief.", UserQuery: "q", OpenAIBody: body,
		Tools:       []json.RawMessage{json.RawMessage(`{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}`)},
		ToolResults: []ToolResult{{Role: "assistant", ToolCalls: []byte(`[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]`)}, {Content: "r", ToolCallID: "c1"}},
	}
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := parseOrderedJSON(body)
	p, _ := renderOpenAIPrompt(n, "gpt-5", false)
	if want := p.count(tok).total; a.Used != want {
		t.Errorf("used %d, the rendering counts %d", a.Used, want)
	}
	if c, _ := a.Component(ComponentLabels); c.Used != 0 {
		t.Errorf("headings %d", c.Used)
	}
	in.ToolResults = in.ToolResults[:1] // no longer the body's request
	b, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := b.Component(ComponentFraming); strings.Contains(c.Note, "as OpenAI renders") {
		t.Errorf("a changed request was counted from the body: %s", c.Note)
	}
}
