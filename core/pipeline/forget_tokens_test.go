package pipeline

import (
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// TestForgetTokensDropsMadeCounts: forgotten counts are made again when
// asked for, equal; the slice handed out before stays whole.
func TestForgetTokensDropsMadeCounts(t *testing.T) {
	a := Analyze([]value.Document{{Content: "one two three"}, {Content: "four"}})
	tok := tokens.Heuristic{}
	before := a.Tokens(tok)
	a.ForgetTokens(tok)
	if a.Counted(tok) {
		t.Fatal("the counts are still kept")
	}
	after := a.Tokens(tok)
	if after.Len() != before.Len() || after.At(0) != before.At(0) || after.At(1) != before.At(1) || &after.n[0] == &before.n[0] {
		t.Errorf("counted again %v, before %v", after.ints(), before.ints())
	}
	a.ForgetTokens(tokens.Heuristic{}) // made: dropped
	a.ForgetTokens(tok)                // none kept: nothing to do
}
