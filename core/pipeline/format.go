package pipeline

import (
	"strconv"
	"strings"

	"ctxlab/core/pycompat"
)

// Separator joins formatted documents in the context block.
const Separator = "\n\n"

// cutMarker ends a partially included document.
const cutMarker = " [...]"

// CitationHeader is the line above a document in the context block:
// "--- Source [i] SOURCE ---", with " (relevance: X.XX)" when the score is
// below 1.0, as in the reference. A synopsis is marked " [summary]" so the
// model, and the reader, can tell it from the document's own text.
func CitationHeader(citation int, source string, score float64, summary bool) string {
	var b strings.Builder
	b.WriteString("--- Source [")
	b.WriteString(strconv.Itoa(citation))
	b.WriteString("]")
	if source != "" {
		b.WriteString(" ")
		b.WriteString(source)
	}
	b.WriteString(" ---")
	if score < 1.0 {
		b.WriteString(" (relevance: ")
		b.WriteString(pycompat.FormatRelevance(score))
		b.WriteString(")")
	}
	if summary {
		b.WriteString(" [summary]")
	}
	return b.String()
}

// formattedPiece is one document as it appears in the block.
func formattedPiece(citation int, p placedDoc) string {
	return CitationHeader(citation, p.doc.Source, p.doc.Score, p.fate == FateSummarized) + "\n" + p.doc.Content
}

// formatBlock renders the placed documents, numbered from 1, and the
// citation map, which sends a number to the source or to "doc_N" when the
// source is empty.
func formatBlock(placed []placedDoc) (string, map[int]string) {
	citations := make(map[int]string, len(placed))
	pieces := make([]string, len(placed))
	for i, p := range placed {
		n := i + 1
		pieces[i] = formattedPiece(n, p)
		if p.doc.Source != "" {
			citations[n] = p.doc.Source
		} else {
			citations[n] = "doc_" + strconv.Itoa(n)
		}
	}
	return strings.Join(pieces, Separator), citations
}
