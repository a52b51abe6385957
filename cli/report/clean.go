package report

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean makes input text fit to print in a report: control characters
// (other than tab and newline when keepLines) become U+FFFD, invalid
// UTF-8 too, and text longer than max runes is cut with "…" (max 0
// keeps all). Escaping for HTML or Markdown is the writers' work; this
// keeps a terminal's escape sequences, bidirectional overrides and
// NULs out of a page that shows them as text.
func Clean(s string, max int, keepLines bool) string {
	var b strings.Builder
	n := 0
	for i, r := range s {
		if max > 0 && n == max {
			b.WriteString("…")
			return b.String()
		}
		n++
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			b.WriteRune('\uFFFD')
		case keepLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\t':
			b.WriteRune(' ')
		case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r), r == '\u2028', r == '\u2029':
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
