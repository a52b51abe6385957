package cli

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"ctxlab/internal/numfmt"
)

// shorten reads only a long text's head and tail as characters, and
// says what the whole text as runes said: random texts of every length
// around the limits, with newlines, blanks, wide and invalid characters.
func TestShortenEqualsTheRuneReading(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2))
	pieces := []string{"word", " ", "\n", "\n\n", "漢字", "é", "🙂", "\xff", "\xe6\xbc", "\t", "  ", "x"}
	limit := messageHeadRunes + messageTailRunes
	for range 3000 {
		var b strings.Builder
		target := rng.IntN(2*limit + 50)
		for b.Len() < target {
			if rng.IntN(4) == 0 {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			} else {
				b.WriteString(strings.Repeat("a", 1+rng.IntN(12)))
			}
		}
		text := b.String()
		for _, full := range []bool{false, true} {
			if got, want := shorten(text, full), shortenByRunes(text, full); got != want {
				t.Fatalf("shorten(%q, %v) = %q, the rune reading gives %q", text, full, got, want)
			}
		}
	}
}

// shortenByRunes is shorten as it was, reading the whole text as runes:
// the oracle.
func shortenByRunes(text string, full bool) string {
	runes := []rune(text)
	lines := strings.Count(text, "\n") + 1
	if full || (len(runes) <= messageHeadRunes+messageTailRunes && lines <= messageHeadLines+messageTailLines) {
		return text
	}
	head := cutLines(string(runes[:min(messageHeadRunes, len(runes))]), messageHeadLines, false)
	if len([]rune(head)) == messageHeadRunes {
		head = trimToSpace(head, false)
	}
	tailStart := max(len(runes)-messageTailRunes, len([]rune(head)))
	tail := cutLines(string(runes[tailStart:]), messageTailLines, true)
	if tailStart > 0 && !unicode.IsSpace(runes[tailStart-1]) && len([]rune(tail)) == len(runes)-tailStart {
		tail = trimToSpace(tail, true)
	}
	omitted := len(runes) - len([]rune(head)) - len([]rune(tail))
	if omitted <= 0 {
		return text
	}
	return strings.TrimRight(head, " \n") + "\n… ✂ " + numfmt.Thousands(omitted) + " characters not shown (--full prints everything) …\n" + strings.TrimLeft(tail, " \n")
}

// shortenLine cuts where cutting the runes cut, on random lines.
func TestShortenLineEqualsTheRuneReading(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 3))
	pieces := []string{"a", "漢", "é", "🙂", "\xff", "\xe6\xbc", " "}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line, width := b.String(), rng.IntN(30)
		want := line
		if runes := []rune(line); len(runes) > width {
			want = string(runes[:width]) + " … (" + numfmt.Thousands(len(runes)-width) + " more characters)"
		}
		if got := shortenLine(line, width); got != want {
			t.Fatalf("shortenLine(%q, %d) = %q, want %q", line, width, got, want)
		}
	}
}
