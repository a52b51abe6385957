package pipeline

import (
	"strings"
	"unicode"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// blockPieces describes the n pieces (citation header, newline, content)
// a block is made of, joined by Separator: each one's length in bytes,
// and its words, which the heuristic counts.
type blockPieces struct {
	n     int
	len   func(i int) int
	words func(i int) int
}

// docsBeforeCut counts the documents of a block that the article's
// assembler still sends, whole or in part, once it cuts the block to the
// retrieved-context allocation: it keeps the block's first allocation
// tokens, so a document is sent when its piece begins before the cut. It
// is the sweep's and the Eval view's count of what a request sends, where
// the block's count is what the pipeline built; the workbench's strip
// counts the same from the evaluation's assembly (core's ragSurvival).
func docsBeforeCut(tok tokens.Tokenizer, blockText func() string, blockTokens int, pieces blockPieces, allocation int) int {
	_, sent := docsAroundCut(tok, blockText, blockTokens, pieces, allocation)
	return sent
}

// docsAroundCut is docsBeforeCut with the documents wholly before the
// cut (trailing blanks aside): whole <= sent <= whole+1, sent-whole
// being the document the cut goes through (none when it falls between
// two).
func docsAroundCut(tok tokens.Tokenizer, blockText func() string, blockTokens int, pieces blockPieces, allocation int) (whole, sent int) {
	if blockTokens <= allocation {
		return pieces.n, pieces.n
	}
	allocation = max(allocation, 0) // an allocation of 0 keeps nothing
	if _, heuristic := tok.(tokens.Heuristic); heuristic {
		// The heuristic keeps the block's first words: a piece is sent
		// when its first word is among them, whole when its last is.
		// Counted from the pieces' words (the analysis has each
		// document's), not the block's text, which a run of many
		// queries would scan once per block.
		kept, start := tokens.HeuristicWordsFor(allocation), 0
		for i := range pieces.n {
			if start >= kept {
				return whole, i
			}
			start += pieces.words(i) // Separator is blank: no words
			if start <= kept {
				whole = i + 1
			}
		}
		return whole, pieces.n
	}
	// The assembler's own call (window's articleTruncate), so the cut
	// falls where the request's does. From the end: the cut usually
	// leaves out a few documents of many. The text is asked for only
	// here: a sweep formats its block when a count must read it.
	block := blockText()
	kept := CutOffset(block, tok.Truncate(block, allocation, tokens.KeepStart))
	end := len(block)
	for i := pieces.n - 1; i >= 0; i-- {
		start := end - pieces.len(i)
		if start < kept {
			// Whole when the cut leaves at most its trailing blanks, as
			// the heuristic's cut, which keeps words, counts it.
			if start+len(strings.TrimRightFunc(block[start:end], unicode.IsSpace)) <= kept {
				return i + 1, i + 1
			}
			return i, i + 1
		}
		end = start - len(Separator)
	}
	return 0, 0
}

// piecesOf describes the pieces of documents as placed: the i-th has
// citation i+1, its copy as placed (cut copies and synopses included)
// and its input index, whose whole content's words the analysis counted.
func piecesOf(a *Analysis, n int, doc func(i int) (placed value.Document, index int, fate Fate)) blockPieces {
	// The header is measured and its words counted where its parts lie,
	// not written: its source may be as long as a document.
	return blockPieces{
		n: n,
		len: func(i int) int {
			d, _, fate := doc(i)
			return CitationHeaderLen(i+1, d.Source, d.Score, fate == FateSummarized) + 1 + len(d.Content)
		},
		words: func(i int) int {
			d, index, fate := doc(i)
			words := CitationHeaderWords(i+1, d.Source, d.Score, fate == FateSummarized)
			if fate != FateIncluded {
				return words + pycompat.WordCount(d.Content) // a cut copy or a synopsis
			}
			return words + int(a.words()[index])
		},
	}
}

// placedPieces are the pieces formatBlock makes of the placed documents.
func placedPieces(a *Analysis, placed []placedDoc) blockPieces {
	return piecesOf(a, len(placed), func(i int) (value.Document, int, Fate) {
		return placed[i].doc, placed[i].index, placed[i].fate
	})
}

// DocsSentAfterCut is docsBeforeCut for a whole build on a: the result's
// documents the article's assembler still sends, whole or in part, once
// it cuts the block to allocation tokens with tok.
func (r *Result) DocsSentAfterCut(a *Analysis, tok tokens.Tokenizer, allocation int) int {
	return docsBeforeCut(tok, func() string { return r.ContextBlock }, r.TokensUsed, r.citedPieces(a), allocation)
}

// DocsAroundAssemblerCut is DocsSentAfterCut with the documents the
// request carries whole: the first whole of the result's cited documents
// (Trace.Cited's order) are sent whole, those up to sent begin before
// the cut (at most one is cut through), and the rest are lost in it.
func (r *Result) DocsAroundAssemblerCut(a *Analysis, tok tokens.Tokenizer, allocation int) (whole, sent int) {
	return docsAroundCut(tok, func() string { return r.ContextBlock }, r.TokensUsed, r.citedPieces(a), allocation)
}

// citedPieces are the pieces of the result's block, in citation order.
func (r *Result) citedPieces(a *Analysis) blockPieces {
	return piecesOf(a, len(r.IncludedDocs), func(n int) (value.Document, int, Fate) {
		i := r.Trace.Cited[n]
		return r.IncludedDocs[n], i, r.Trace.Doc(i).Fate
	})
}
