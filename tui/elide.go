package tui

import (
	"strings"

	"github.com/mattn/go-runewidth"
)

// elideMiddle fits s in width cells by cutting its middle, so that both
// the start (the collection, the host) and the end (the file name, the
// anchor) stay: sources in one list differ most in their last segment,
// which cutting the end would lose. kept maps a rune index of s to its index in the result, -1
// when it was cut, so a filter's highlighted runes stay on their letters.
func elideMiddle(s string, width int) (out string, kept func(int) int) {
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
		return truncateText(s, width), func(i int) int {
			if i >= 0 && i < width-1 {
				return i
			}
			return -1
		}
	}
	runes := []rune(s)
	// The end: the last path segment or anchor whole when it leaves four
	// cells for the start, else a third of the width.
	tailMax := width / 3
	if cut := strings.LastIndexAny(s, "/#"); cut >= 0 {
		tailMax = max(tailMax, runewidth.StringWidth(s[cut+1:]))
	}
	tailMax = min(tailMax, width-5)
	tail, tailW := len(runes), 0
	for tail > 0 {
		w := runewidth.RuneWidth(runes[tail-1])
		if tailW+w > tailMax {
			break
		}
		tail--
		tailW += w
	}
	head, headW := 0, 0
	for head < tail {
		w := runewidth.RuneWidth(runes[head])
		if headW+w > width-1-tailW {
			break
		}
		head++
		headW += w
	}
	out = string(runes[:head]) + "…" + string(runes[tail:])
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
