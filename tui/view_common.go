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
