package inspector

import (
	"unicode/utf8"

	"ctxlab/internal/numfmt"
	"ctxlab/tui/draw"
)

// TextLimit is the most bytes of a document's text the inspector
// lays out. The inspector styles, wraps and scrolls the text inside the
// update loop; a 50 MB document took minutes there, during which no key
// was read, Ctrl-C included. A reader scrolls a few screens of one
// document, so a quarter of a megabyte (about 4,000 lines at 80 columns)
// shows everything anyone reads, and takes milliseconds. It is the limit
// every view draws a text to (draw.Limit).
const TextLimit = draw.Limit

// Excerpt returns the start of content the inspector shows and a
// note saying how much was left out ("" when it shows all of it). A cut
// marker past the excerpt would not show, so the excerpt reaches a little
// past the cut when the cut is near enough; otherwise the note says where
// the cut is.
func Excerpt(content string, cutAt int) (excerpt, note string) {
	limit := TextLimit
	if cutAt >= 0 && cutAt < 4*TextLimit {
		limit = max(limit, cutAt+TextLimit/16)
	}
	if len(content) <= limit {
		return content, ""
	}
	end := limit
	for end > 0 && !utf8.RuneStart(content[end]) {
		end--
	}
	note = "… " + numfmt.Thousands(len(content)-end) + " more bytes of this document are not shown: the inspector shows its first " + numfmt.Thousands(end) + " bytes"
	if cutAt >= end {
		note += "; the cut is at byte " + numfmt.Thousands(cutAt)
	}
	return content[:end], note
}
