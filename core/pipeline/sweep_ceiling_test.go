package pipeline

import (
	"testing"

	"ctxlab/core/tokens"
)

// At BudgetCeiling every document kept is sent whole, under either
// budget mode and tokenizer, with or without the strongest placed last;
// ByteCeiling is never below it.
func TestBudgetCeilingSendsEveryDocumentKept(t *testing.T) {
	docs := denseDocs(t, 300)
	for _, name := range []string{"heuristic", "cl100k_base", "o200k_base"} {
		tok, err := tokens.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		a := Analyze(docs)
		ceiling := BudgetCeiling(a, tok)
		if bytes := ByteCeiling(docs); bytes < ceiling {
			t.Errorf("%s: byte ceiling %d below the token ceiling %d", name, bytes, ceiling)
		}
		for _, mode := range BudgetModes.Values {
			for _, reorder := range []bool{false, true} {
				opts := DefaultOptions()
				opts.Tokenizer, opts.BudgetMode, opts.LostInMiddle = tok, mode, reorder
				points, err := Sweep(a, opts, SweepBudget, []float64{float64(ceiling)})
				if err != nil {
					t.Fatal(err)
				}
				if p := points[0]; p.Sent != p.Kept || p.TokensUsed > ceiling {
					t.Errorf("%s, %s, reorder %v: at %d, %d of %d kept sent in %d tokens", name, mode, reorder, ceiling, p.Sent, p.Kept, p.TokensUsed)
				}
			}
		}
	}
}
