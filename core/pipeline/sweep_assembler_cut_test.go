package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// The count after the cut is the count of pieces whose first byte the
// truncated block still holds, for every allocation from nothing to the
// whole block, with either tokenizer.
func TestDocsBeforeCutCountsThePiecesTheCutReaches(t *testing.T) {
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
		block, placed := res.ContextBlock, placedOf(res)
		total := tok.Count(block)
		for allocation := 0; allocation <= total+1; allocation++ {
			kept := tok.Truncate(block, allocation, tokens.KeepStart)
			want := 0
			for _, s := range pieceStartsByHeader(res) {
				if s < CutOffset(block, kept) {
					want++
				}
			}
			if got := docsBeforeCut(tok, func() string { return block }, total, placedPieces(a, placed), allocation); got != want || res.DocsSentAfterCut(a, tok, allocation) != want {
				t.Fatalf("%s, allocation %d of %d: %d documents before the cut, want %d", tok.Name(), allocation, total, got, want)
			}
		}
	}
}

// placedOf rebuilds the budget stage's placed documents from a Result.
func placedOf(r *Result) []placedDoc {
	placed := make([]placedDoc, len(r.IncludedDocs))
	for n, i := range r.Trace.Cited {
		placed[n] = placedDoc{index: i, doc: r.IncludedDocs[n], fate: r.Trace.Doc(i).Fate}
	}
	return placed
}

// pieceStartsByHeader finds each cited document's header in the block by
// its text: an account of the offsets independent of the lengths
// docsBeforeCut adds up.
func pieceStartsByHeader(r *Result) []int {
	var starts []int
	from := 0
	for n, i := range r.Trace.Cited {
		header := CitationHeader(n+1, r.IncludedDocs[n].Source, r.IncludedDocs[n].Score, r.Trace.Doc(i).Fate == FateSummarized)
		at := strings.Index(r.ContextBlock[from:], header) + from
		starts = append(starts, at)
		from = at + len(header)
	}
	return starts
}

// BenchmarkSweepAssemblerCut is the dedup sweep at 10,000 documents with
// and without the count after the assembler's cut, with either
// tokenizer: what the workbench's Sweep view pays for its "sent" column.
func BenchmarkSweepAssemblerCut(b *testing.B) {
	a := Analyze(benchDocs(10000))
	values := steps(0.5, 1, 0.01)
	for _, name := range []string{tokens.TokenizerHeuristic, tokens.TokenizerO200K} {
		tok, _ := tokens.ByName(name)
		for _, cut := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/cut=%v/docs=10000", name, cut), func(b *testing.B) {
				opts := DefaultOptions()
				opts.Tokenizer, opts.Budget, opts.SweepAssemblerCut = tok, 1550, cut
				if _, err := Sweep(a, opts, SweepDedupThreshold, values[:1]); err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				for range b.N {
					if _, err := Sweep(a, opts, SweepDedupThreshold, values); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
