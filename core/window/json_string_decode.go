package window

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"ctxlab/internal/jsonout"
)

// decodeJSONString is encoding/json's value of the string literal whose
// contents, between its quotes, are inner, or false where encoding/json
// fails: escapes as it reads them (a lone or broken surrogate becomes
// U+FFFD), each byte of invalid UTF-8 U+FFFD. It writes one string of
// about inner's length; json.Unmarshal held the literal again as bytes,
// its decoding and the string made of it, so a long description with a
// quote or a newline in it (a JSON schema, a code sample) was held four
// times at once.
func decodeJSONString(inner string) (string, bool) {
	var b strings.Builder
	b.Grow(len(inner))
	for i := 0; i < len(inner); {
		c := inner[i]
		switch {
		case c == '\\':
			if i+1 >= len(inner) {
				return "", false
			}
			e := inner[i+1]
			if e == 'u' {
				r := hex4(inner, i)
				if r < 0 {
					return "", false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if dec := utf16.DecodeRune(r, hex4(inner, i)); dec != unicode.ReplacementChar {
						b.WriteRune(dec)
						i += 6
						continue
					}
					r = unicode.ReplacementChar
				}
				b.WriteRune(r)
				continue
			}
			d, ok := jsonEscapes[e]
			if !ok {
				return "", false
			}
			b.WriteByte(d)
			i += 2
		case c == '"' || c < 0x20:
			return "", false
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(inner[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteString(inner[i : i+size])
			}
			i += size
		}
	}
	return b.String(), true
}

// jsonEscapes maps the byte after a backslash to what it stands for,
// but for \u.
var jsonEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hex4 is the code unit of the \uXXXX at s[i:], or -1.
func hex4(s string, i int) rune {
	if i+6 > len(s) || s[i] != '\\' || s[i+1] != 'u' {
		return -1
	}
	r, ok := jsonout.Hex4(s[i+2 : i+6])
	if !ok {
		return -1
	}
	return r
}
