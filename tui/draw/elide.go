package draw

import (
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// ElideMiddle fits s in width cells by cutting its middle, so that both
// the start (the collection, the host) and the end (the file name, the
// anchor) stay: sources in one list differ most in their last segment,
// which cutting the end would lose. kept maps a rune index of s to its index in the result, -1
// when it was cut, so a filter's highlighted runes stay on their letters.
func ElideMiddle(s string, width int) (out string, kept func(int) int) {
	identity := func(i int) int {
		if i < 0 {
			return -1
		}
		return i
	}
	if runewidth.StringWidth(s) <= width {
		return s, identity
	}
	if width < 6 {
		return Truncate(s, width), func(i int) int {
			if i >= 0 && i < width-1 {
				return i
			}
			return -1
		}
	}
	// Walked from each end rather than converted to runes whole: a
	// source of 50 MB was 200 MB of runes, made on every frame.
	n := utf8.RuneCountInString(s)
	// The end: the last path segment or anchor whole when it leaves four
	// cells for the start, else a third of the width.
	tailMax := width / 3
	if cut := strings.LastIndexAny(s, "/#"); cut >= 0 {
		tailMax = max(tailMax, runewidth.StringWidth(s[cut+1:]))
	}
	tailMax = min(tailMax, width-5)
	tail, tailW, tailAt := n, 0, len(s) // tailAt: the byte where rune tail starts
	for tail > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:tailAt])
		w := runewidth.RuneWidth(r)
		if tailW+w > tailMax {
			break
		}
		tail--
		tailW += w
		tailAt -= size
	}
	head, headW, headAt := 0, 0, 0
	for head < tail {
		r, size := utf8.DecodeRuneInString(s[headAt:])
		w := runewidth.RuneWidth(r)
		if headW+w > width-1-tailW {
			break
		}
		head++
		headW += w
		headAt += size
	}
	// Rune by rune, as string([]rune) wrote them: a byte that is no
	// character becomes U+FFFD.
	b := make([]byte, 0, headAt+len("…")+len(s)-tailAt)
	for _, r := range s[:headAt] {
		b = utf8.AppendRune(b, r)
	}
	b = append(b, "…"...)
	for _, r := range s[tailAt:] {
		b = utf8.AppendRune(b, r)
	}
	out = string(b)
	return out, func(i int) int {
		switch {
		case i < 0:
			return -1
		case i < head:
			return i
		case i >= tail:
			return head + 1 + i - tail
		}
		return -1
	}
}
