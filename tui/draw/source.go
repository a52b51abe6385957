package draw

import (
	"ctxlab/core/diagnose"
	"ctxlab/internal/safetext"
)

// Source is a source as every view shows it: made inert for the
// terminal and, when longer than a source usually is, its start and end
// as the findings quote it (diagnose.QuotedSource). A source is whatever
// the input's field held, as long as a document at worst: views that
// wrapped or styled it whole held it several times over on screen, and
// the one copy a document's text gets is its excerpt in the inspector.
func Source(src string) string {
	return safetext.Line(diagnose.QuotedSource(src))
}
