package tui

import (
	"ctxlab/core"
	"ctxlab/internal/safetext"
)

// sourceOf is a document's source for display, or its number.
func sourceOf(ev *core.Evaluation, doc int) string {
	src := safetext.Line(ev.Documents[doc].Source)
	if src == "" {
		return "(no source)"
	}
	return src
}

// displayNumber is the number a document is known by: its position in the
// scenario's input, from 1, also when reranking handed the builder a
// subset.
func displayNumber(ev *core.Evaluation, doc int) int {
	if ev != nil && doc >= 0 && doc < len(ev.DocIndex) {
		return ev.DocIndex[doc] + 1
	}
	return doc + 1
}
