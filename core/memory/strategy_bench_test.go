package memory

import (
	"fmt"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
)

func BenchmarkApplyMemory(b *testing.B) {
	history := testtext.BenchHistory()
	o200k, _ := tokens.ByName(tokens.TokenizerO200K)
	for _, tok := range []tokens.Tokenizer{tokens.Heuristic{}, o200k} {
		tok.Count("warm up")
		for _, s := range Strategies.Values {
			b.Run(fmt.Sprintf("%s/%s", s, tok.Name()), func(b *testing.B) {
				opts := DefaultOptions()
				opts.Strategy = s
				opts.MaxTokens = 2000
				for b.Loop() {
					if _, err := applyMemory(history, opts, tok, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
