package draw

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"ctxlab/internal/racetest"

	"github.com/mattn/go-runewidth"
)

// hangingWrapMeasuringWhole is HangingWrap as it was, measuring what is
// left of a long word whole for each of its lines: the reference the
// wrap must still match.
func hangingWrapMeasuringWhole(text string, width, indent int) []string {
	width = max(1, width)
	indent = max(0, min(indent, width-1))
	var lines []string
	var cur strings.Builder
	curW, avail := 0, width
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		curW, avail = 0, width-indent
	}
	for p, para := range strings.Split(text, "\n") {
		if p > 0 {
			flush()
		}
		for _, word := range strings.Fields(para) {
			ww := runewidth.StringWidth(word)
			if curW > 0 && curW+1+ww > avail {
				flush()
			}
			for curW == 0 && ww > avail {
				part := runewidth.Truncate(word, avail, "")
				if part == "" {
					_, size := utf8.DecodeRuneInString(word)
					part = word[:size]
				}
				cur.WriteString(part)
				flush()
				word = word[len(part):]
				ww = runewidth.StringWidth(word)
			}
			if word == "" {
				continue
			}
			if curW > 0 {
				cur.WriteByte(' ')
				curW++
			}
			cur.WriteString(word)
			curW += ww
		}
	}
	if curW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// TestHangingWrapMatchesMeasuringWhole: breaking a long word on a
// measured prefix gives the lines measuring it whole gave, over words of
// narrow, wide, combining and zero-width characters at every width.
func TestHangingWrapMatchesMeasuringWhole(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 13))
	pieces := []string{"a", "word", " ", "\n", "漢", "e\u0301", "\u200b", "🙂", "ab", strings.Repeat("x", 120)}
	for range racetest.Cut(1000, 3) {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text, width, indent := b.String(), 1+rng.IntN(30), rng.IntN(6)
		if got, want := HangingWrap(text, width, indent), hangingWrapMeasuringWhole(text, width, indent); !slices.Equal(got, want) {
			t.Fatalf("HangingWrap(%q, %d, %d) = %q, want %q", text, width, indent, got, want)
		}
	}
}
