package jsonout

import "unicode/utf8"

// Append appends s quoted, as encoding/json encodes a string with HTML
// escaping, its default.
func Append(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst, _ = AppendPart(dst, s, 0, len(s))
	return append(dst, '"')
}

// AppendPart appends, escaped, the characters of s that start
// in s[from:to], without quotes, and returns where it stopped: to, or
// past it when a character starting before to runs over it. Characters
// are decoded from s itself, so cutting a string into parts changes no
// byte of its encoding, and a part always ends after a whole character
// and a whole escape.
func AppendPart(dst []byte, s string, from, to int) ([]byte, int) {
	const hex = "0123456789abcdef"
	start := from
	i := from
	for i < to {
		c := s[i]
		if plainInJSON[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:i]...), i
}

// plainInJSON marks the bytes a JSON string holds as they are: ASCII but
// controls, the quote, the backslash and the HTML characters < > &.
// Bytes from 0x80 start a character that must be decoded (invalid UTF-8,
// U+2028 and U+2029 are escaped). One lookup a byte replaces six
// comparisons on the output's hottest loop.
var plainInJSON = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// Hex4 reads the four hex digits of a \u escape, the first four bytes of
// digits; ok is false when there are fewer or one is not a hex digit.
func Hex4[T string | []byte](digits T) (r rune, ok bool) {
	if len(digits) < 4 {
		return 0, false
	}
	for i := range 4 {
		c := digits[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
