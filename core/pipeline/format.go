package pipeline

import (
	"iter"
	"slices"
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
	b.Grow(len(source) + headerRoom)
	writeCitationHeader(&b, citation, source, score, summary)
	return b.String()
}

// headerRoom is more than a citation header holds beside its source
// (number, dashes, relevance, summary mark) and the newline after it: the
// builders are grown once to it, where growing by doubling held up to
// twice a long source.
const headerRoom = 96

func writeCitationHeader(b *strings.Builder, citation int, source string, score float64, summary bool) {
	for _, part := range CitationHeaderParts(citation, source, score, summary) {
		b.WriteString(part)
	}
}

// CitationHeaderParts is CitationHeader in three parts, the source alone
// in the middle, so that a source as long as a document is counted
// (tokens.CountJoined) or written where it lies, not copied into a header.
func CitationHeaderParts(citation int, source string, score float64, summary bool) []string {
	before := "--- Source [" + strconv.Itoa(citation) + "]"
	if source != "" {
		before += " "
	}
	after := " ---"
	if score < 1.0 {
		after += " (relevance: " + pycompat.FormatRelevance(score) + ")"
	}
	if summary {
		after += " [summary]"
	}
	return []string{before, source, after}
}

// CitationHeaderLen is len(CitationHeader(...)) without writing the
// header: a source as long as a document is not copied to be measured.
func CitationHeaderLen(citation int, source string, score float64, summary bool) int {
	n := 0
	for _, part := range CitationHeaderParts(citation, source, score, summary) {
		n += len(part)
	}
	return n
}

// CitationHeaderWords is pycompat.WordCount(CitationHeader(...)) counted
// on the header's parts where they lie: the source is parted from the
// words around it by a space on each side (before ends with one when
// there is a source, after starts with one), so no word runs across two
// parts and the parts' words add up to the header's. A source as long as
// a document was copied into a header of its own to be counted, once per
// build and once per value of a sweep.
func CitationHeaderWords(citation int, source string, score float64, summary bool) int {
	n := 0
	for _, part := range CitationHeaderParts(citation, source, score, summary) {
		n += pycompat.WordCount(part)
	}
	return n
}

// formatBlock renders the placed documents, numbered from 1, and the
// citation map, which sends a number to the source or to "doc_N" when the
// source is empty.
func formatBlock(placed []placedDoc) (string, map[int]string) {
	return formatBlockAfter("", placed)
}

// formatBlockAfter is formatBlock written after prefix, in the same
// string (Options.BlockPrefix).
func formatBlockAfter(prefix string, placed []placedDoc) (string, map[int]string) {
	return strings.Join(slices.Collect(blockParts(prefix, placed)), ""), citationMap(placed)
}

// blockParts yields the block's text in the pieces it is written from:
// prefix, then each document's separator, citation header (its source a
// part of its own) and text.
func blockParts(prefix string, placed []placedDoc) iter.Seq[string] {
	return func(yield func(string) bool) {
		if !yield(prefix) {
			return
		}
		for i, p := range placed {
			if i > 0 && !yield(Separator) {
				return
			}
			for _, part := range CitationHeaderParts(i+1, p.doc.Source, p.doc.Score, p.fate == FateSummarized) {
				if !yield(part) {
					return
				}
			}
			if !yield("\n") || !yield(p.doc.Content) {
				return
			}
		}
	}
}

// citationMap sends each citation number to its document's source, or
// to "doc_N" when the source is empty.
func citationMap(placed []placedDoc) map[int]string {
	citations := make(map[int]string, len(placed))
	for i, p := range placed {
		n := i + 1
		if p.doc.Source != "" {
			citations[n] = p.doc.Source
		} else {
			citations[n] = "doc_" + strconv.Itoa(n)
		}
	}
	return citations
}
