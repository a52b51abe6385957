package window

import (
	"testing"

	"ctxlab/core/tokens"
)

// TestOpenAINamedMessageHeader: a message's name costs the tokens of its
// header ("role:name") and nothing more. The cookbook's example
// conversation, four of its messages named, is what the cookbook checked
// against the API (124 tokens on gpt-4o, 129 on gpt-4); AutoGen's
// recorded request (core/window/testdata/billed/openinference_openai_chat.jsonl),
// one message named "user", billed 15.
func TestOpenAINamedMessageHeader(t *testing.T) {
	for _, tt := range []struct {
		model string
		want  int
	}{{"gpt-4o", 124}, {"gpt-4", 129}} {
		b, ok := RenderOpenAIMessages(framingCookbookMessages(), nil, tt.model, false)
		if !ok {
			t.Fatalf("%s: cookbook example not rendered", tt.model)
		}
		tok, err := tokens.ForModel(tt.model)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.p.count(tok).total; got != tt.want {
			t.Errorf("%s: cookbook example counted %d, the API's %d", tt.model, got, tt.want)
		}
	}

	b, ok := RenderOpenAIBilled(`{"messages":[{"name":"user","role":"user","content":"What is the capital of France?"}],"model":"gpt-4o-2024-08-06","stream":false}`, "gpt-4o-2024-08-06", false)
	if !ok {
		t.Fatal("recorded request not rendered")
	}
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.p.count(tok).total; got != 15 {
		t.Errorf("recorded request counted %d, billed 15", got)
	}
}
