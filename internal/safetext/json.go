package safetext

import (
	"encoding/binary"
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
		// Eight bytes at a time while they are ASCII other than DEL, most
		// of any output: no byte of the word has its high bit set, nor
		// gets it by adding one (only 0x7f does; a byte from 0x80 has it
		// already, so the carry of 0xff does not matter).
		if i+8 <= len(data) {
			word := binary.LittleEndian.Uint64(data[i:])
			if (word|(word+0x0101010101010101))&0x8080808080808080 == 0 {
				i += 8
				continue
			}
		}
		c := data[i]
		if !mayStartEscape[c] {
			// ASCII other than DEL, a continuation byte, or the first
			// byte of a character no escape begins with.
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

// mayStartEscape marks DEL and the first bytes of the UTF-8 encodings of
// the characters jsonEscapes covers: U+0080-U+009F (0xC2), U+061C
// (0xD8), U+200B-U+2069 (0xE2) and U+FEFF (0xEF).
// TestMayStartEscapeCoversEveryEscape checks the list against jsonEscapes.
var mayStartEscape = [256]bool{0x7f: true, 0xc2: true, 0xd8: true, 0xe2: true, 0xef: true}

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
