package window

import "testing"

// TestRequiredSingleFunctionInResponses: a Responses body requiring its
// one function (not gpt-5) primes the reply to it as naming it does; a
// chat body, two functions, or gpt-5 do not.
func TestRequiredSingleFunctionInResponses(t *testing.T) {
	fn := `{"type":"function","function":{"name":"get_weather","parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}`
	other := `,{"type":"function","function":{"name":"other","parameters":{"type":"object","properties":{}}}}`
	for _, tt := range []struct {
		model     string
		responses bool
		tools     string
		want      string
	}{
		{"gpt-4.1-nano", true, fn, "get_weather"},
		{"gpt-4.1-nano", false, fn, ""},
		{"gpt-4.1-nano", true, fn + other, ""},
		{"gpt-5-mini", true, fn, ""},
	} {
		n, err := parseOrderedJSON(`{"messages":[{"role":"user","content":"q"}],"tool_choice":"required","tools":[` + tt.tools + `]}`)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, tt.model, tt.responses)
		if !ok {
			t.Fatal("not rendered")
		}
		if p.forced != tt.want {
			t.Errorf("%s responses=%v tools %s: reply primed to %q, want %q", tt.model, tt.responses, tt.tools, p.forced, tt.want)
		}
	}
}
