package window

import (
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

// TestOpenAIUncommentedFunctionDiscount: a function with parameters costs
// a token less when its block comments on only one of its two levels or
// on neither: no description, or no property with a title or
// description.
func TestOpenAIUncommentedFunctionDiscount(t *testing.T) {
	tests := []struct {
		name, fn string
		adjust   int
	}{
		{"described, properties bare", `"description":"F.","parameters":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"number"}}}`, -2},
		{"described, a property described", `"description":"F.","parameters":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"number","description":"Y."}}}`, -1},
		{"described, a property titled", `"description":"F.","parameters":{"type":"object","properties":{"x":{"type":"string","title":"X"}}}`, -1},
		{"no description, properties described", `"parameters":{"type":"object","properties":{"x":{"type":"string","description":"X."}}}`, -2},
		{"no parameters", `"description":"F.","parameters":{"type":"object","properties":{}}`, -1},
	}
	for _, tt := range tests {
		n, err := parseOrderedJSON(`{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{"name":"f",` + tt.fn + `}}]}`)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, "gpt-4o", false)
		if !ok {
			t.Fatalf("%s: not rendered", tt.name)
		}
		if p.toolsAdjust != tt.adjust {
			t.Errorf("%s: tools adjusted by %d, want %d", tt.name, p.toolsAdjust, tt.adjust)
		}
	}
}

// TestOpenAIStrictNullDefault: a strict function writes a null default as
// a comment, as it writes any other; a function that is not strict
// leaves it out.
func TestOpenAIStrictNullDefault(t *testing.T) {
	fn := func(strict string) string {
		return `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{"name":"search","description":"Search.",` + strict +
			`"parameters":{"type":"object","properties":{"query":{"type":"string"},"since":{"type":"string","default":null},"depth":{"type":"string","default":"shallow"}},"required":["query","since","depth"]}}}]}`
	}
	lines := func(since string) string {
		return strings.Join([]string{
			"# Tools", "", "## functions", "", "namespace functions {", "",
			"// Search.",
			"type search = (_: {",
			"query: string,",
			since,
			`depth: string, // default: "shallow"`,
			"}) => any;",
			"",
			"} // namespace functions",
		}, "\n")
	}
	if got, want := renderedTools(t, fn(`"strict":true,`)), lines("since: string, // default: null"); got != want {
		t.Errorf("strict rendered:\n%s\nwant:\n%s", got, want)
	}
	for _, strict := range []string{``, `"strict":false,`} {
		if got, want := renderedTools(t, fn(strict)), lines("since: string,"); got != want {
			t.Errorf("%s rendered:\n%s\nwant:\n%s", strict, got, want)
		}
	}
}

// TestOpenAIToolOutputHeaderName: a tool output's header costs a token
// for "functions." and its function's name counted alone, whether or not
// the name would merge with the dot before it.
func TestOpenAIToolOutputHeaderName(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"get_weather_in_city", "durability_get_weather_in_city", "calculator"} {
		body := `{"messages":[{"role":"user","content":"q"},` +
			`{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"` + name + `","arguments":"{}"}}]},` +
			`{"role":"tool","tool_call_id":"c1","content":"sunny"}]}`
		b, ok := RenderOpenAIBilled(body, "gpt-4o", false)
		if !ok {
			t.Fatal("not rendered")
		}
		want := promptPerMessage + promptToolOutputExtra + 1 + tok.Count(name) + tok.Count("sunny")
		if got := b.MessageTokens(2, tok); got != want {
			t.Errorf("%s: the output costs %d, want %d", name, got, want)
		}
	}
}

// TestOpenAIReplyPrimedToFormat: with a json_schema response format and
// no tools, the reply is primed to the format: " to=" and its name
// counted on its own, so a longer name costs more; with tools, or with
// gpt-5, the priming is the usual.
func TestOpenAIReplyPrimedToFormat(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	tool := `"tools":[{"type":"function","function":{"name":"f","description":"F."}}],`
	for _, tt := range []struct {
		model, name, tools string
		primed             bool
	}{
		{"gpt-4o-mini", "TaskEvaluationPydanticOutput", "", true},
		{"gpt-4o", "Invoice", "", true},
		{"gpt-4.1-mini", "ScoreOutput", "", true},
		{"gpt-4o", "Invoice", tool, false},
		{"gpt-5-mini", "Invoice", "", false},
	} {
		body := `{"messages":[{"role":"user","content":"q"}],` + tt.tools +
			`"response_format":{"type":"json_schema","json_schema":{"name":"` + tt.name + `","schema":{"type":"object"}}}}`
		n, err := parseOrderedJSON(body)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, tt.model, false)
		if !ok {
			t.Fatal("not rendered")
		}
		want := p.priming
		if tt.primed {
			want += tok.Count(" to=") + tok.Count(tt.name)
		}
		// The format's own system message is framed in the tools component.
		if got := p.count(tok).framing - (promptPerMessage + tok.Count("user")); got != want {
			t.Errorf("%s, %s, tools %v: the reply's priming costs %d, want %d", tt.model, tt.name, tt.tools != "", got, want)
		}
	}
}

// TestOpenAIHarmonyDiscount: with gpt-5 every function costs a token less
// than its text but one commented at both levels (a description, and a
// property with a title or description).
func TestOpenAIHarmonyDiscount(t *testing.T) {
	fns := `{"type":"function","function":{"name":"ready","description":"Always there."}},` +
		`{"type":"function","function":{"name":"rate","description":"Look up a rate.","parameters":{"type":"object","properties":{"currency":{"type":"string"}}}}},` +
		`{"type":"function","function":{"name":"search","description":"Search tools.","parameters":{"type":"object","properties":{"queries":{"type":"array","items":{"type":"string"},"description":"What to match."}}}}}`
	n, err := parseOrderedJSON(`{"messages":[{"role":"user","content":"q"}],"tools":[` + fns + `]}`)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := renderOpenAIPrompt(n, "gpt-5", false)
	if !ok {
		t.Fatal("not rendered")
	}
	// The tools' token, the preamble, and two of the three functions.
	if want := -promptToolsDiscount + harmonyToolsPreamble - 2*promptStrictDiscount; p.toolsAdjust != want {
		t.Errorf("gpt-5 tools adjusted by %d, want %d", p.toolsAdjust, want)
	}
}

// TestOpenAIHarmonyCurrentTurnCalls: a gpt-5 tool call after the last
// user message costs a token less than one before it, taken from the
// reply's priming, so the call's own message costs the same in both.
func TestOpenAIHarmonyCurrentTurnCalls(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	tools := `"tools":[{"type":"function","function":{"name":"weather","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}]`
	round := `{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}}]},{"role":"tool","tool_call_id":"c1","content":"Sunny"}`
	current, ok := RenderOpenAIBilled(`{"messages":[{"role":"user","content":"Weather?"},`+round+`],`+tools+`}`, "gpt-5-mini", false)
	if !ok {
		t.Fatal("not rendered")
	}
	earlier, ok := RenderOpenAIBilled(`{"messages":[{"role":"user","content":"Weather?"},`+round+`,{"role":"user","content":"Thanks."}],`+tools+`}`, "gpt-5-mini", false)
	if !ok {
		t.Fatal("not rendered")
	}
	if a, b := current.MessageTokens(1, tok), earlier.MessageTokens(1, tok); a != b {
		t.Errorf("the call costs %d in the current turn and %d in an earlier one, want the same", a, b)
	}
	if got, want := current.FixedTokens(tok), earlier.FixedTokens(tok)-harmonyCurrentCallSaving; got != want {
		t.Errorf("fixed part %d with the call in the current turn, want %d (a token under %d)", got, want, earlier.FixedTokens(tok))
	}
}
