package window

import (
	"strings"
	"testing"
)

// TestOpenAIFunctionDescriptionTrailingSpace: a description line keeps
// its trailing space (its indentation alone is removed).
func TestOpenAIFunctionDescriptionTrailingSpace(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{
		"name":"hand_off","description":"  Hand off the request. ","parameters":{"type":"object","properties":{}}}}]}`
	if got := renderedTools(t, body); !strings.Contains(got, "\n// Hand off the request. \ntype hand_off = () => any;") {
		t.Errorf("rendered:\n%s", got)
	}
}

// TestOpenAIResponsesInstructionsAndTools: a Responses body's
// instructions (its leading developer message) are not joined by the
// tools, which are a system message of their own headed "# Tools"; a
// leading system message is joined as before, unheaded.
func TestOpenAIResponsesInstructionsAndTools(t *testing.T) {
	tools := `"tools":[{"type":"function","function":{"name":"f","description":"F.","parameters":{"type":"object","properties":{"x":{"type":"string"}}}}}]`
	for _, tt := range []struct {
		role      string
		headers   []string
		toolsHead bool
	}{
		{"developer", []string{"system", "developer", "user"}, true},
		{"system", []string{"system", "user"}, false},
	} {
		n, err := parseOrderedJSON(`{"messages":[{"role":"` + tt.role + `","content":"Be brief."},{"role":"user","content":"q"}],` + tools + `}`)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, "gpt-4o", true)
		if !ok {
			t.Fatal("not rendered")
		}
		var headers []string
		for _, m := range p.messages {
			headers = append(headers, m.header)
		}
		if strings.Join(headers, ",") != strings.Join(tt.headers, ",") {
			t.Errorf("%s: messages %v, want %v", tt.role, headers, tt.headers)
		}
		first := p.messages[0].content.String()
		if got := strings.Contains(first, "# Tools\n\n## functions\n\nnamespace functions {"); got != tt.toolsHead {
			t.Errorf("%s: tools headed %v, want %v:\n%s", tt.role, got, tt.toolsHead, first)
		}
		if tt.role == "developer" && p.messages[1].content.String() != "Be brief." {
			t.Errorf("instructions %q, want them alone", p.messages[1].content.String())
		}
	}
}

// TestOpenAIResponsesStoredCalls: a Responses function_call replayed
// with its output item id costs 3 tokens more than the same call sent
// without it, with gpt-5 models too; not in a chat body.
func TestOpenAIResponsesStoredCalls(t *testing.T) {
	body := func(stored string) string {
		return `{"messages":[{"role":"user","content":"q"},{"role":"assistant","content":null,"tool_calls":[
			{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},
			{"role":"tool","tool_call_id":"c1","content":"r"}]` + stored + `}`
	}
	frames := func(text, model string, responses bool) int {
		n, err := parseOrderedJSON(text)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, model, responses)
		if !ok {
			t.Fatal("not rendered")
		}
		sum := 0
		for _, m := range p.messages {
			sum += m.extra
		}
		return sum
	}
	stored := `,"` + ResponsesStoredCallsKey + `":["c1"]`
	for _, tt := range []struct {
		model     string
		responses bool
		want      int
	}{
		{"gpt-4o", true, 3}, {"gpt-4.1", true, 3}, {"gpt-5", true, 3}, {"gpt-4o", false, 0},
	} {
		if got := frames(body(stored), tt.model, tt.responses) - frames(body(""), tt.model, tt.responses); got != tt.want {
			t.Errorf("%s (responses %v): a stored call adds %d, want %d", tt.model, tt.responses, got, tt.want)
		}
	}
}

// TestOpenAIFormattedReply: under a json_schema response format an
// assistant message with content costs 4 tokens more; an empty one, or
// one under no response format, nothing more.
func TestOpenAIFormattedReply(t *testing.T) {
	rf := `,"response_format":{"type":"json_schema","json_schema":{"name":"r","schema":{"type":"object"}}}`
	extra := func(reply, format string) int {
		n, err := parseOrderedJSON(`{"messages":[{"role":"user","content":"q"},{"role":"assistant","content":` + reply + `},{"role":"user","content":"again"}]` + format + `}`)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, "gpt-4o", false)
		if !ok {
			t.Fatal("not rendered")
		}
		for _, m := range p.messages {
			if m.header == "assistant" {
				return m.extra
			}
		}
		t.Fatal("no assistant message")
		return 0
	}
	for _, tt := range []struct {
		reply, format string
		want          int
	}{
		{`"{\"score\":4}"`, rf, 4}, {`""`, rf, 0}, {`"{\"score\":4}"`, "", 0},
	} {
		if got := extra(tt.reply, tt.format); got != tt.want {
			t.Errorf("reply %s, format %q: extra %d, want %d", tt.reply, tt.format, got, tt.want)
		}
	}
}

// TestOpenAIOSeriesToolsAtText: the o-series bill their tools at their
// text; other models a token less.
func TestOpenAIOSeriesToolsAtText(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{"name":"f","description":"F.","parameters":{"type":"object","properties":{"x":{"type":"string","description":"X."}}}}}]}`
	n, err := parseOrderedJSON(body)
	if err != nil {
		t.Fatal(err)
	}
	for model, want := range map[string]int{"o3-mini": 0, "o1": 0, "o4-mini": 0, "gpt-4o": -1, "gpt-4.1-mini": -1} {
		p, ok := renderOpenAIPrompt(n, model, false)
		if !ok {
			t.Fatal("not rendered")
		}
		if p.toolsAdjust != want {
			t.Errorf("%s: tools adjusted by %d, want %d", model, p.toolsAdjust, want)
		}
	}
}
