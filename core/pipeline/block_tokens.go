package pipeline

import (
	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
)

// blockTokens is tok's count of the formatted block. The heuristic
// counts int(words × 1.3) of the whole block, and the block's words are
// its pieces' words added up, since a line break parts a header from its
// content and a blank line parts the pieces: so a document placed whole
// is counted from the analysis's words instead of walking its text
// again, which a sweep would do once per value. A BPE count is not
// additive across pieces, so the block itself is counted.
func blockTokens(a *Analysis, tok tokens.Tokenizer, placed []placedDoc, block string) int {
	if blockTokensNeedText(tok) {
		return tok.Count(block)
	}
	words := 0
	var docWords []int32
	for n, p := range placed {
		words += CitationHeaderWords(n+1, p.doc.Source, p.doc.Score, p.fate == FateSummarized)
		if p.fate != FateIncluded {
			words += pycompat.WordCount(p.doc.Content) // a cut copy or a synopsis
			continue
		}
		if docWords == nil {
			docWords = a.words()
		}
		words += int(docWords[p.index])
	}
	return tokens.HeuristicTokens(words)
}

// blockTokensNeedText reports whether blockTokens reads the block's text
// (a BPE count) rather than its pieces (the heuristic's words).
func blockTokensNeedText(tok tokens.Tokenizer) bool {
	_, heuristic := tok.(tokens.Heuristic)
	return !heuristic
}
