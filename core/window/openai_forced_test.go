package window

import (
	"testing"

	"ctxlab/core/tokens"
)

// A tool_choice naming a function primes the reply to it: the request
// costs " to=functions.NAME" (one text) and 4 tokens more than with
// "auto", in the fixed part; gpt-5 models bill it as "auto".
func TestOpenAIForcedFunction(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	body := func(model, choice string) string {
		return `{"model":"` + model + `","messages":[{"role":"user","content":"Score it."}],
			"tools":[{"type":"function","function":{"name":"ScoreOutput","parameters":{"type":"object","properties":{"score":{"type":"integer"}}}}}],
			"tool_choice":` + choice + `}`
	}
	named := `{"type":"function","function":{"name":"ScoreOutput"}}`
	for _, tc := range []struct {
		model string
		more  int
	}{
		{"gpt-4o", tok.Count(" to=functions.ScoreOutput") + 4},
		{"gpt-4o-mini", 5 + 4},
		{"gpt-5-mini", 0},
	} {
		auto, ok1 := RenderOpenAIBilled(body(tc.model, `"auto"`), tc.model, false)
		forced, ok2 := RenderOpenAIBilled(body(tc.model, named), tc.model, false)
		if !ok1 || !ok2 {
			t.Fatal("not rendered")
		}
		if got := forced.FixedTokens(tok) - auto.FixedTokens(tok); got != tc.more {
			t.Errorf("%s: the named function costs %d more, want %d", tc.model, got, tc.more)
		}
		if got, want := forced.p.count(tok).total-auto.p.count(tok).total, tc.more; got != want {
			t.Errorf("%s: the request costs %d more, want %d", tc.model, got, want)
		}
	}
}
