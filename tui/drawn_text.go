package tui

import (
	"strings"
	"unicode/utf8"

	"ctxlab/internal/numfmt"
	"ctxlab/themes"
)

// drawLimit is the most of one text (a message, the tools array, a
// document in the inspector: inspectorTextLimit) a view draws. A view's content is held whole, wrapped and styled, beside the
// evaluation: a 50 MB tool description or query drawn whole took 50 MB
// more for each step (made inert, split, wrapped, styled) and seconds on
// every refresh, for a text nobody reads in a terminal. Its start is
// drawn, and a line says how much is not; the export holds it whole.
const drawLimit = 256 << 10

// drawnText is the start of text a view draws, cut at the last line
// break in the final eighth of drawLimit or else before a character,
// and the number of bytes it leaves out.
func drawnText(text string) (string, int) {
	if len(text) <= drawLimit {
		return text, 0
	}
	cut := drawLimit
	if nl := strings.LastIndexByte(text[drawLimit-drawLimit/8:drawLimit], '\n'); nl >= 0 {
		cut = drawLimit - drawLimit/8 + nl
	}
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut], len(text) - cut
}

// drawnBytes is drawnText for JSON held as bytes, converting only the
// part drawn.
func drawnBytes(text []byte) (string, int) {
	if len(text) <= drawLimit {
		return string(text), 0
	}
	head, hidden := drawnText(string(text[:drawLimit+1]))
	return head, hidden + len(text) - (drawLimit + 1)
}

// writeNotDrawn says, when a view drew only the start of a text, how
// much of it is left out and where the whole is.
func writeNotDrawn(b *strings.Builder, st *themes.Styles, hidden, width int) {
	if hidden <= 0 {
		return
	}
	writeWrapped(b, st.Muted, "… "+numfmt.Count(hidden, "more byte", "more bytes")+" of this text are not shown: a view shows the first "+
		numfmt.Thousands(drawLimit>>10)+" KB of a text, as the inspector does (e exports the request whole)", width)
}
