package cli

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"ctxlab/internal/safetext"
)

// openingWhole is opening as it was, on the whole text.
func openingWhole(text string) string {
	line := strings.Join(strings.Fields(safetext.Line(text)), " ")
	if r := []rune(line); len(r) > chunkOpeningRunes {
		return strings.TrimRight(string(r[:chunkOpeningRunes-1]), " ") + "…"
	}
	return line
}

// TestOpeningReadsOnlyTheStart: a chunk's opening, read from a growing
// start of its text, is the one the whole text gives, over random texts
// of words, runs of spaces and newlines, "\r\n" pairs, controls, escape
// sequences, joiners, wide and combining characters, up to past the
// first start read (4 KiB) and its next sizes.
func TestOpeningReadsOnlyTheStart(t *testing.T) {
	t.Parallel()
	parts := []string{"word", "a", "漢字", "🙂", "e\u0301", " ", "    ", "\n\n", "\r\n", "\r", "\t", "\x1b[31m", "\x1b]0;t\x07",
		"\u202e", "\u200d", "\u0085", "\u00a0", "\u3000", strings.Repeat(" ", 3000), strings.Repeat("x", 3000), strings.Repeat("\n", 500)}
	rng := rand.New(rand.NewPCG(5, 9))
	for i := range 3_000 {
		var b strings.Builder
		for n := rng.IntN(1 << rng.IntN(15)); b.Len() < n; {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		text := b.String()
		if got, want := opening(text), openingWhole(text); got != want {
			t.Fatalf("%d: %d bytes: opening %q, the whole text's %q", i, len(text), got, want)
		}
	}
	// One paragraph of 8 MB: what it reads is a few KiB, and it is right.
	long := strings.Repeat("word ", 8<<20/5)
	if got, want := opening(long), openingWhole(long); got != want || utf8.RuneCountInString(got) != chunkOpeningRunes {
		t.Fatalf("8 MB paragraph: %q, want %q", got, want)
	}
}
