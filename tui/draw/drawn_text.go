package draw

import (
	"strings"
	"unicode/utf8"

	"ctxlab/internal/numfmt"
	"ctxlab/themes"
)

// Limit is the most of one text (a message, the tools array, a document in
// the inspector: inspector.TextLimit) a view draws. A view's content is
// held whole, wrapped and styled, beside the evaluation: a 50 MB tool
// description or query drawn whole took 50 MB more for each step (made
// inert, split, wrapped, styled) and seconds on every refresh, for a text
// nobody reads in a terminal. Its start is drawn, and a line says how much
// is not; the export holds it whole.
const Limit = 256 << 10

// Head is the start of text a view draws, cut at the last line
// break in the final eighth of Limit or else before a character,
// and the number of bytes it leaves out.
func Head(text string) (string, int) {
	if len(text) <= Limit {
		return text, 0
	}
	cut := Limit
	if nl := strings.LastIndexByte(text[Limit-Limit/8:Limit], '\n'); nl >= 0 {
		cut = Limit - Limit/8 + nl
	}
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut], len(text) - cut
}

// HeadBytes is Head for JSON held as bytes, converting only the
// part drawn.
func HeadBytes(text []byte) (string, int) {
	if len(text) <= Limit {
		return string(text), 0
	}
	head, hidden := Head(string(text[:Limit+1]))
	return head, hidden + len(text) - (Limit + 1)
}

// WriteNotDrawn says, when a view drew only the start of a text, how
// much of it is left out and where the whole is.
func WriteNotDrawn(b *strings.Builder, st *themes.Styles, hidden, width int) {
	if hidden <= 0 {
		return
	}
	WriteWrapped(b, st.Muted, "… "+numfmt.Count(hidden, "more byte", "more bytes")+" of this text are not shown: a view shows the first "+
		numfmt.Thousands(Limit>>10)+" KB of a text, as the inspector does (e exports the request whole)", width)
}
