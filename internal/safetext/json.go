package safetext

import (
	"fmt"
	"unicode/utf8"
)

// EscapeJSON rewrites encoded JSON so that no character that could act on
// a terminal or hide text stays raw: DEL, C1 controls, bidirectional
// formatting characters and zero-width characters become \uXXXX escapes.
// encoding/json already escapes C0 controls but writes these as they are,
// so `ctxlab build --format json | less` or a cat of an exported file
// would let U+009B act as CSI or U+202E reverse a line. Such characters
// can only occur inside JSON strings, where an escape decodes to the same
// character: the JSON value stays equal. data must be valid JSON (as
// encoding/json writes it, with invalid UTF-8 already replaced).
func EscapeJSON(data []byte) []byte {
	i := firstToEscape(data)
	if i < 0 {
		return data
	}
	out := make([]byte, 0, len(data)+32)
	// Copy the clean stretches whole: a build's JSON is megabytes with an
	// escape every few kilobytes.
	for i >= 0 {
		out = append(out, data[:i]...)
		r, size := utf8.DecodeRune(data[i:])
		out = fmt.Appendf(out, `\u%04x`, r)
		data = data[i+size:]
		i = firstToEscape(data)
	}
	return append(out, data...)
}

// firstToEscape is the offset of the first character EscapeJSON rewrites,
// or -1, so clean output is returned without a copy.
func firstToEscape(data []byte) int {
	for i := 0; i < len(data); {
		if data[i] < utf8.RuneSelf && data[i] != 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if jsonEscapes(r) {
			return i
		}
		i += size
	}
	return -1
}

// jsonEscapes covers what EscapeJSON escapes: DEL, the invisible controls
// Sanitize shows as <U+XXXX>, the other bidirectional marks, and the
// zero-width characters (including the joiner and the byte-order mark).
func jsonEscapes(r rune) bool {
	switch r {
	case 0x7f, 0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060, 0xfeff:
		return true
	}
	return isInvisibleControl(r)
}
