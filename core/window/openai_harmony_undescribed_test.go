package window

import (
	"testing"

	"ctxlab/core/tokens"
)

// With gpt-5 models a function with properties and no description costs
// a token less again, on top of the discount every function not
// commented at both levels takes: its description, where a described
// function's properties carry no comment, costs a token more than its
// text. A function with no properties, and other models' functions,
// take no more.
func TestHarmonyUndescribedFunction(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	fn := func(desc, params string) string {
		d := ""
		if desc != "" {
			d = `"description":"` + desc + `",`
		}
		return `{"model":"m","instructions":"Be brief.","messages":[{"role":"developer","content":"Be brief."},{"role":"user","content":"Capital?"}],
			"tools":[{"type":"function","function":{"name":"get_capital",` + d + `"strict":true,"parameters":` + params + `}}]}`
	}
	const props = `{"type":"object","properties":{"country":{"type":"string"}},"required":["country"],"additionalProperties":false}`
	const none = `{"type":"object","properties":{}}`
	total := func(body, model string) int {
		t.Helper()
		b, ok := RenderOpenAIBilled(body, model, true)
		if !ok {
			t.Fatalf("%s: not rendered", model)
		}
		return b.p.count(tok).total
	}
	// What the description costs on a model: its text, and on gpt-5 the
	// token the rule takes from the undescribed function.
	cost := func(model, params string) int {
		return total(fn("Describe.", params), model) - total(fn("", params), model)
	}
	for _, tc := range []struct {
		model, params string
		more          int
	}{
		{"gpt-5", props, promptStrictDiscount},
		{"gpt-5.5", props, promptStrictDiscount},
		{"gpt-5", none, 0},
		{"gpt-4.1", props, 0},
	} {
		// gpt-4o writes the same text and takes one discount either way
		// (no description, or none on the properties).
		if got := cost(tc.model, tc.params) - cost("gpt-4o", tc.params); got != tc.more {
			t.Errorf("%s (%s): the description costs %d more than on gpt-4o, want %d", tc.model, tc.params, got, tc.more)
		}
	}
}
