package pipeline

import "ctxlab/core/tokens"

// docsBeforeCut counts the placed documents that the article's assembler
// still sends, whole or in part, once it cuts the block to the
// retrieved-context allocation: it keeps the block's first allocation
// tokens, so a document is sent when its piece (header and content)
// begins before the cut. It is the sweep's count of what a request
// sends, where Sent is the block's; the workbench's strip counts the
// same from the evaluation's assembly (core's ragSurvival).
func docsBeforeCut(tok tokens.Tokenizer, block string, blockTokens int, placed []placedDoc, allocation int) int {
	if blockTokens <= allocation {
		return len(placed)
	}
	// The assembler's own call (window's articleTruncate), so the cut
	// falls where the request's does; an allocation of 0 keeps nothing.
	kept := CutOffset(block, tok.Truncate(block, max(allocation, 0), tokens.KeepStart))
	start, n := 0, 0
	for i, p := range placed {
		if i > 0 {
			start += len(Separator)
		}
		if start >= kept {
			break
		}
		n++
		start += len(CitationHeader(i+1, p.doc.Source, p.doc.Score, p.fate == FateSummarized)) + 1 + len(p.doc.Content)
	}
	return n
}

// DocsSentAfterCut is docsBeforeCut for a whole build: the result's
// documents the article's assembler still sends, whole or in part, once
// it cuts the block to allocation tokens with tok.
func (r *Result) DocsSentAfterCut(tok tokens.Tokenizer, allocation int) int {
	return docsBeforeCut(tok, r.ContextBlock, r.TokensUsed, placedOf(r), allocation)
}

// placedOf is the budget stage's placed documents again, from a result:
// each cited document as placed, with its fate.
func placedOf(r *Result) []placedDoc {
	placed := make([]placedDoc, len(r.IncludedDocs))
	for n, i := range r.Trace.Cited {
		placed[n] = placedDoc{index: i, doc: r.IncludedDocs[n], fate: r.Trace.Docs[i].Fate}
	}
	return placed
}
