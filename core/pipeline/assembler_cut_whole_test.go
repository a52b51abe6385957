package pipeline

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// DocsAroundAssemblerCut's whole counts the pieces whose last character
// (trailing blanks aside: the heuristic's cut keeps words) the truncated
// block still holds, and its sent agrees with DocsSentAfterCut, for
// every allocation from nothing to the whole block, with either
// tokenizer.
func TestDocsAroundCutCountsWholePieces(t *testing.T) {
	o200k, _ := tokens.ByName(tokens.TokenizerO200K)
	for _, tok := range []tokens.Tokenizer{tokens.Heuristic{}, o200k} {
		var docs []value.Document
		for i := range 6 {
			docs = append(docs, value.Document{Source: fmt.Sprintf("kb/%d.md", i), Score: 0.9 - float64(i)/10,
				Content: strings.Repeat(fmt.Sprintf("word%d ", i), 20+10*i)})
		}
		opts := DefaultOptions()
		opts.Tokenizer, opts.Budget, opts.LostInMiddle = tok, 10000, false
		a := Analyze(docs)
		res, err := Build(a, opts)
		if err != nil {
			t.Fatal(err)
		}
		block := res.ContextBlock
		starts := pieceStartsByHeader(res)
		total := tok.Count(block)
		for allocation := 0; allocation <= total+1; allocation++ {
			kept := CutOffset(block, tok.Truncate(block, allocation, tokens.KeepStart))
			wantWhole := 0
			for n := range starts {
				end := len(block)
				if n+1 < len(starts) {
					end = starts[n+1] - len(Separator)
				}
				if len(strings.TrimRightFunc(block[:end], unicode.IsSpace)) <= kept {
					wantWhole++
				}
			}
			whole, sent := res.DocsAroundAssemblerCut(a, tok, allocation)
			if whole != wantWhole || sent != res.DocsSentAfterCut(a, tok, allocation) || sent < whole || sent > whole+1 {
				t.Fatalf("%s, allocation %d of %d: %d whole, %d sent; want %d whole, %d sent", tok.Name(), allocation, total,
					whole, sent, wantWhole, res.DocsSentAfterCut(a, tok, allocation))
			}
		}
	}
}
