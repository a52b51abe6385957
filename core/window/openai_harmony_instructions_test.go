package window

import (
	"testing"

	"ctxlab/core/tokens"
)

// With a gpt-5 model, a chat body's system message joined by the tools
// costs "# Instructions\n\n" more (harmony's developer message heads its
// instructions so); other models, a Responses body and a body without
// tools bill the system message at its text.
func TestHarmonyInstructionsHeading(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	if got := tok.Count("# Instructions\n\n"); got != harmonyInstructionsHeading {
		t.Fatalf(`"# Instructions\n\n" is %d tokens, the rule says %d`, got, harmonyInstructionsHeading)
	}
	const tools = `"tools":[{"type":"function","function":{"name":"add","description":"Add.","parameters":{"type":"object","properties":{"a":{"type":"integer"}}}}}]`
	body := func(model string, system, withTools bool) string {
		msgs := `{"role":"user","content":"Add 1."}`
		if system {
			msgs = `{"role":"system","content":"You are a calculator."},` + msgs
		}
		b := `{"model":"` + model + `","messages":[` + msgs + `]`
		if withTools {
			b += `,` + tools
		}
		return b + `}`
	}
	total := func(model string, system, withTools, responses bool) int {
		t.Helper()
		b, ok := RenderOpenAIBilled(body(model, system, withTools), model, responses)
		if !ok {
			t.Fatalf("%s: not rendered", model)
		}
		return b.p.count(tok).total
	}
	// Joined, the message's text runs on into the tools after a blank
	// line; alone it is a message of its own, framing and role.
	joined := tok.Count("You are a calculator.\n\n# Tools") - tok.Count("# Tools")
	alone := tok.Count("You are a calculator.") + promptPerMessage + tok.Count("system")
	for _, tc := range []struct {
		model     string
		withTools bool
		responses bool
		more      int
	}{
		{"gpt-5-nano", true, false, joined + harmonyInstructionsHeading},
		{"gpt-5", true, false, joined + harmonyInstructionsHeading},
		{"gpt-4o", true, false, joined},
		{"gpt-5", false, false, alone},
		{"gpt-5", false, true, alone},
	} {
		got := total(tc.model, true, tc.withTools, tc.responses) - total(tc.model, false, tc.withTools, tc.responses)
		if got != tc.more {
			t.Errorf("%s (tools %v, responses %v): the system message costs %d, want %d", tc.model, tc.withTools, tc.responses, got, tc.more)
		}
	}
	// A Responses body's system item is a message of its own beside
	// the tools on gpt-5 (responsesToolsApart): no heading.
	if got, want := total("gpt-5", true, true, true)-total("gpt-5", false, true, true), alone; got != want {
		t.Errorf("gpt-5 (Responses): the system message costs %d, want %d", got, want)
	}
}
