package window

import "testing"

// TestComputerUseIsAReasoningModel: OpenAI's computer-use model primes
// the reply with 2 tokens, as the reasoning models do; gpt-4o with 3.
func TestComputerUseIsAReasoningModel(t *testing.T) {
	n, err := parseOrderedJSON(`{"messages":[{"role":"user","content":"q"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	for model, want := range map[string]int{"computer-use-preview": promptReasoningPrime, "computer-use-preview-2025-03-11": promptReasoningPrime, "gpt-4o": promptReplyPriming} {
		p, ok := renderOpenAIPrompt(n, model, true)
		if !ok {
			t.Fatalf("%s: not rendered", model)
		}
		if p.priming != want {
			t.Errorf("%s: reply primed with %d tokens, want %d", model, p.priming, want)
		}
	}
}
