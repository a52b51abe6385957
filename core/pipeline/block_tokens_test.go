package pipeline

import (
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// TestBlockTokensCountsTheBlock: the heuristic's count added up piece by
// piece is the count of the whole block, whatever whitespace the
// sources and contents carry and whatever the budget did to them.
func TestBlockTokensCountsTheBlock(t *testing.T) {
	docs := []value.Document{
		{Content: "alpha beta gamma delta epsilon zeta eta theta", Source: "kb/one.md", Score: 0.9},
		{Content: "  leading and trailing spaces  \n", Source: "a source with spaces", Score: 1},
		{Content: "no\u00a0break\u2003em space\ttab\nnewline words here", Source: "", Score: 0.123456},
		{Content: "one two three four five six seven eight nine ten eleven twelve thirteen", Source: " padded ", Score: 0.5},
		{Content: "the last one is long " + longText(400), Source: "kb/long.md", Score: 0.4},
	}
	a := Analyze(docs)
	cases := []struct {
		budget int
		change func(*Options)
	}{
		{60, func(o *Options) { o.PartialMinRemaining = 3 }},
		{600, func(*Options) {}},
		{120, func(o *Options) { o.SummarizeOverflow = true }},
		{80, func(o *Options) { o.BudgetMode = BudgetStrict }},
	}
	for _, c := range cases {
		opts := DefaultOptions()
		opts.Budget, opts.MinDocTokens = c.budget, 1
		c.change(&opts)
		res, err := Build(a, opts)
		if err != nil {
			t.Fatal(err)
		}
		if want := (tokens.Heuristic{}).Count(res.ContextBlock); res.TokensUsed != want {
			t.Errorf("budget %d, %s: TokensUsed %d, the block counts %d", opts.Budget, opts.BudgetMode, res.TokensUsed, want)
		}
		if len(res.Trace.Cited) == 0 {
			t.Errorf("budget %d: nothing placed, so nothing was checked", opts.Budget)
		}
	}
}

func longText(words int) string {
	b := make([]byte, 0, words*5)
	for i := range words {
		b = append(b, "word"[:1+i%4]...)
		b = append(b, ' ')
	}
	return string(b)
}
