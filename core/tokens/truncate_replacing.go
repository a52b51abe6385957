package tokens

import (
	"strings"
	"unicode/utf8"
)

// TruncateReplacing is tok.Truncate as the article's
// truncate_to_token_limit writes a cut: tiktoken decodes the kept tokens
// with errors="replace", so the bytes of a character that a token
// boundary splits become U+FFFD, one for each maximal invalid sequence as
// Python's UTF-8 decoder counts them, where Truncate drops them. Only a
// BPE tokenizer splits characters; any other cuts as Truncate does.
func TruncateReplacing(tok Tokenizer, text string, maxTokens int, keep Keep) string {
	if tok.Count(text) <= maxTokens {
		return text
	}
	if m, ok := tok.(*Memo); ok {
		tok = m.Tokenizer
	}
	b, ok := tok.(*BPE)
	if !ok {
		return tok.Truncate(text, maxTokens, keep)
	}
	if maxTokens <= 0 {
		return ""
	}
	enc := b.load()
	if keep == KeepEnd {
		valid := validText(text)
		start, _ := enc.tailStart(valid, maxTokens)
		return DecodeReplacing(valid[start:])
	}
	return DecodeReplacing(enc.decode(enc.encodeUpTo(text, maxTokens+1)[:maxTokens]))
}

// DecodeReplacing is Python's bytes.decode("utf-8", errors="replace"):
// each maximal subpart of an invalid sequence (a lead byte and the
// continuation bytes that may follow it, or one stray byte) becomes one
// U+FFFD. A U+FFFD already in s is kept as it is.
func DecodeReplacing(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || size > 1 {
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		b.WriteRune(utf8.RuneError)
		i += maximalSubpart(s[i:])
	}
	return b.String()
}

// maximalSubpart is the length of the invalid sequence at the start of
// s that Python's decoder replaces by one U+FFFD: a lead byte followed
// by as many of the continuation bytes it allows as are there, short of
// a whole character; 1 for any other byte.
func maximalSubpart(s string) int {
	lead := s[0]
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch {
	case lead >= 0xC2 && lead <= 0xDF:
		need = 1
	case lead == 0xE0:
		need, lo = 2, 0xA0
	case lead == 0xED:
		need, hi = 2, 0x9F
	case lead >= 0xE1 && lead <= 0xEF:
		need = 2
	case lead == 0xF0:
		need, lo = 3, 0x90
	case lead >= 0xF1 && lead <= 0xF3:
		need = 3
	case lead == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for n <= need && n < len(s) {
		if c := s[n]; c < lo || c > hi {
			break
		}
		lo, hi = 0x80, 0xBF
		n++
	}
	return n
}
