package safetext

import (
	"strings"
	"unicode/utf8"
)

// Plain returns s without anything that would act on a terminal, for
// text that leaves ctxlab raw (the clipboard): escape sequences (CSI, OSC,
// DCS, APC and the rest, by ESC or by their C1 forms) are removed whole,
// and other control characters (\r, \b, DEL, C1), bidirectional
// formatting characters and invalid bytes are dropped; newlines and tabs
// stay. removed counts what was taken out, a sequence as one.
func Plain(s string) (plain string, removed int) {
	if plainAlready(s) {
		return s, 0
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b:
			i += escapeLength(s[i:])
			removed++
		case r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			// C1 CSI, OSC, DCS, SOS, PM and APC open a sequence too.
			i += size + sequenceBody(s[i+size:], r == 0x9b)
			removed++
		case r == '\n' || r == '\t':
			b.WriteRune(r)
			i += size
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) || isInvisibleControl(r) || (r == utf8.RuneError && size == 1):
			i += size
			removed++
		default:
			b.WriteString(s[i : i+size])
			i += size
		}
	}
	return b.String(), removed
}

// plainAlready reports whether Plain would change nothing.
func plainAlready(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f) || isInvisibleControl(r) || (r == utf8.RuneError && size == 1) {
			return false
		}
		i += size
	}
	return true
}

// escapeLength is the length of the escape sequence s starts with (s[0]
// is ESC): ESC [ … final byte, ESC ] … BEL or ST, ESC P/X/^/_ … ST, or
// ESC and one more character.
func escapeLength(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + sequenceBody(s[2:], true)
	case ']', 'P', 'X', '^', '_':
		return 2 + sequenceBody(s[2:], false)
	}
	_, size := utf8.DecodeRuneInString(s[1:])
	return 1 + size
}

// sequenceBody is the length of a sequence's body after its introducer:
// for a CSI up to and including its final byte (0x40-0x7e), for a string
// sequence (OSC, DCS, APC…) up to and including BEL, ESC \ or C1 ST. An
// unterminated sequence runs to the end.
func sequenceBody(s string, csi bool) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if csi {
			if c >= 0x40 && c <= 0x7e {
				return i + 1
			}
			continue
		}
		switch {
		case c == 0x07:
			return i + 1
		case c == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
	}
	return len(s)
}
