package views

import (
	"ctxlab/core"
	"ctxlab/tui/draw"
)

// SourceOf is a document's source for display, or its number.
func SourceOf(ev *core.Evaluation, doc int) string {
	src := draw.Source(ev.Documents[doc].Source)
	if src == "" {
		return "(no source)"
	}
	return src
}
