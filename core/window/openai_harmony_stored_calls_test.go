package window

import (
	"testing"

	"ctxlab/core/tokens"
)

// On gpt-5 models as on the others, each Responses function_call sent
// with the id of the output item it replays costs promptStoredCallExtra
// tokens more, beside the harmony call's own 5: pydantic-ai's deferred
// capabilities on gpt-5.2, one and two such calls among calls without
// an id, bill 3 and 6 tokens more than the same calls without it.
func TestHarmonyResponsesStoredCalls(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	const calls = `{"messages":[{"role":"user","content":"Use foo."},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"load","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"c1","content":"{}"},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c2","type":"function","function":{"name":"search","arguments":"{}"}}]},
		{"role":"tool","tool_call_id":"c2","content":"[]"},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c3","type":"function","function":{"name":"bar","arguments":"{\"x\":1}"}}]},
		{"role":"tool","tool_call_id":"c3","content":"1"}]`
	total := func(model, stored string) int {
		t.Helper()
		body := calls + `}`
		if stored != "" {
			body = calls + `,"` + ResponsesStoredCallsKey + `":` + stored + `}`
		}
		b, ok := RenderOpenAIBilled(body, model, true)
		if !ok {
			t.Fatalf("%s: not rendered", model)
		}
		return b.p.count(tok).total
	}
	for _, model := range []string{"gpt-5", "gpt-5.2", "gpt-5.6"} {
		plain := total(model, "")
		for _, tc := range []struct {
			stored string
			more   int
		}{
			{`["c1"]`, promptStoredCallExtra},
			{`["c1","c3"]`, 2 * promptStoredCallExtra},
		} {
			if got := total(model, tc.stored) - plain; got != tc.more {
				t.Errorf("%s: calls %s replayed with their item ids cost %d more, want %d", model, tc.stored, got, tc.more)
			}
		}
	}
}
