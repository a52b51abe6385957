package safetext

import "unicode/utf8"

// Sanitize returns s with every control character made visible: C0
// controls as their Unicode control pictures (ESC becomes ␛), DEL as ␡, C1
// controls and bidirectional overrides as <U+XXXX>, and invalid UTF-8 as
// U+FFFD. Newlines and tabs are kept. Emoji joiners and modifiers are
// dropped (see isJoiner).
func Sanitize(s string) string {
	if clean(s) {
		return s
	}
	return string(appendSafe(make([]byte, 0, len(s)+8), s, true))
}

// clean reports whether s needs no change, the common case, so Sanitize
// can return it without allocating.
func clean(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || isInvisibleControl(r) || isJoiner(r) {
			return false
		}
		i += size
	}
	return true
}

// isJoiner covers the characters that fuse emoji into one glyph: the
// zero-width joiner, emoji variation selector and skin-tone modifiers.
// Terminals and width tables disagree on how wide the fused glyph is
// (👍🏽 is two cells to one, four to another), and one disagreement shifts
// every cell after it on the line, tearing the layout. Without them each
// emoji stands alone, and its width is not in dispute.
func isJoiner(r rune) bool {
	return r == 0x200d || r == 0xfe0f || (r >= 0x1f3fb && r <= 0x1f3ff)
}

// isInvisibleControl covers C1 controls (some terminals treat U+009B as
// CSI) and the bidirectional formatting characters that can make text
// display in a different order than it is stored.
func isInvisibleControl(r rune) bool {
	return (r >= 0x80 && r <= 0x9f) ||
		(r >= 0x202a && r <= 0x202e) ||
		(r >= 0x2066 && r <= 0x2069)
}
