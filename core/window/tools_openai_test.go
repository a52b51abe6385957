package window

import (
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

func TestOpenAIToolsText(t *testing.T) {
	tools := `[{"type":"function","function":{"name":"get_weather","description":"Weather for a city.",
		"parameters":{"type":"object","properties":{
			"city":{"type":"string","description":"City name"},
			"unit":{"type":"string","enum":["c","f"]},
			"days":{"type":["integer","null"],"enum":[1,3,7]},
			"where":{"type":"object","properties":{"lat":{"type":"number","description":"not shown: nested"},"tags":{"type":"array","items":{"type":"string"}}},"required":["lat"]},
			"any":{"anyOf":[{"type":"string"}]}
		},"required":["city"]}}},
		{"type":"function","function":{"name":"ping","parameters":{"type":"object","properties":{}}}}]`
	got, ok := openAIToolsText(tools)
	if !ok {
		t.Fatal("not rendered")
	}
	want := strings.Join([]string{
		"namespace functions {",
		"",
		"// Weather for a city.",
		"type get_weather = (_: {",
		"// City name",
		"city: string,",
		`unit?: "c" | "f",`,
		"days?: 1 | 3 | 7,",
		"where?: {",
		"  lat: number,",
		"  tags?: string[],",
		"},",
		"any?: any,",
		"}) => any;",
		"",
		"type ping = () => any;",
		"",
		"} // namespace functions",
	}, "\n")
	if got != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", got, want)
	}
	deep := `[{"type":"function","function":{"name":"d","parameters":{"type":"object","properties":{"x":` +
		strings.Repeat(`{"type":"array","items":`, 100) + `{"type":"string"}` + strings.Repeat(`}`, 100) + `}}}}]`
	for _, notFunctions := range []string{`[{"name":"x","input_schema":{}}]`, `{"type":"function"}`, `[{"type":"web_search"}]`, `[`, deep} {
		if _, ok := openAIToolsText(notFunctions); ok {
			t.Errorf("%s was rendered as functions", notFunctions)
		}
	}
}

// TestMeasuredToolsCountAsProvidersBill: a measured request's tools are
// counted as OpenAI renders them, or with Anthropic's tool-use prompt;
// the article's budgeted assembly keeps the JSON it writes into the
// system message.
func TestMeasuredToolsCountAsProvidersBill(t *testing.T) {
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	tools := []string{`{"type":"function","function":{"name":"create_file","description":"","parameters":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false},"strict":true}}`}
	in := Input{Budget: ContextBudget{TotalWindow: 10000, SystemPrompt: 100, ToolDefinitions: 500, UserQuery: 100, ResponseReserve: 100},
		Tokenizer: tok, Mode: MeasureOnly, Model: "gpt-4o", SystemPrompt: "Be brief.", UserQuery: "hi"}
	for _, raw := range tools {
		in.Tools = append(in.Tools, []byte(raw))
	}
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := a.Component(ComponentTools)
	text, _ := openAIToolsText("[" + tools[0] + "]")
	if want := tok.Count(text) + openAIToolsOverhead - openAIToolsSystemDiscount; c.Used != want || !strings.Contains(c.Note, "as OpenAI renders") {
		t.Errorf("openai tools %d (%s), want %d", c.Used, c.Note, want)
	}
	in.Model = "claude-sonnet-4-5"
	a, _ = Assemble(in)
	c, _ = a.Component(ComponentTools)
	if want := tok.Count(string(a.Tools)) + 496 + anthropicToolRenderAuto; c.Used != want {
		t.Errorf("anthropic tools %d, want %d", c.Used, want)
	}
	in.Model, in.Mode = "gpt-4o", Budgeted
	a, _ = Assemble(in)
	c, _ = a.Component(ComponentTools)
	if c.Used != tok.Count(c.Text) || !strings.HasPrefix(c.Text, "[{") {
		t.Errorf("budgeted tools %d counted from %q", c.Used, c.Text)
	}
}

func FuzzOpenAIToolsText(f *testing.F) {
	f.Add(`[{"type":"function","function":{"name":"a","parameters":{"type":"object","properties":{"x":{"type":"array","items":{"type":"object","properties":{"y":{"type":"string","enum":[1,"<b>"]}}}}}}}}]`)
	f.Add(`[{"type":"function","function":{"name":"a","parameters":{"properties":{"x":null}}}}]`)
	f.Fuzz(func(t *testing.T, s string) {
		openAIToolsText(s) // must not panic
	})
}
