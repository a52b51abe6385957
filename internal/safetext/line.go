package safetext

import (
	"strings"
	"unicode/utf8"
)

// Line is Sanitize for one-line contexts: newlines and tabs become spaces
// as well. Text that needs no change is returned as it is, not copied (a
// strings.Replacer copied every text it was given, a 50 MB use case or
// preset name too).
func Line(s string) string {
	if clean(s) && !strings.ContainsAny(s, "\n\t") {
		return s
	}
	return string(AppendLine(make([]byte, 0, len(s)+8), s))
}

// AppendLine appends Line(s) to dst. Line changes text a character at a
// time, so the parts of a text cut where characters start (utf8.RuneStart),
// appended in turn, give Line of the whole: a long text can be made safe
// and written a window at a time instead of copied whole.
func AppendLine(dst []byte, s string) []byte {
	return appendSafe(dst, s, false)
}

// appendSafe appends s made safe as Sanitize (keepBreaks) or Line makes
// it.
func appendSafe(dst []byte, s string, keepBreaks bool) []byte {
	const hex = "0123456789ABCDEF"
	start := 0 // s[start:i] is unchanged, not appended yet
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f || keepBreaks && (c == '\n' || c == '\t') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch {
			case c == '\n' || c == '\t':
				dst = append(dst, ' ')
			case c == 0x7f:
				dst = append(dst, "\u2421"...)
			default:
				dst = utf8.AppendRune(dst, 0x2400+rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\uFFFD"...)
		case isInvisibleControl(r):
			// Sanitize's "<U+%04X>": these are all below U+10000.
			dst = append(dst, s[start:i]...)
			dst = append(dst, '<', 'U', '+', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF], '>')
		case isJoiner(r):
			dst = append(dst, s[start:i]...) // dropped: see isJoiner
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(dst, s[start:]...)
}
