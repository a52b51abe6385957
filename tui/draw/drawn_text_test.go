package draw

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// TestDrawnTextKeepsTheStartWhole: a text within the limit is drawn
// whole; a longer one up to a line break near the limit, or else before
// a character, never inside one, and what is left out is counted to the
// byte, as bytes or as a string.
func TestDrawnTextKeepsTheStartWhole(t *testing.T) {
	if got, hidden := Head("short"); got != "short" || hidden != 0 {
		t.Errorf("Head(short) = %q, %d", got, hidden)
	}
	lines := strings.Repeat(strings.Repeat("l", 99)+"\n", 2*Limit/100)
	for _, text := range []string{lines, strings.Repeat("漢", Limit), strings.Repeat("a", Limit+1), strings.Repeat("🙂", Limit/2)} {
		got, hidden := Head(text)
		switch {
		case len(got)+hidden != len(text) || !strings.HasPrefix(text, got):
			t.Fatalf("Head of %d bytes: %d drawn and %d hidden, not the text's start and the rest", len(text), len(got), hidden)
		case len(got) > Limit || len(got) < Limit-Limit/8-1:
			t.Fatalf("Head of %d bytes draws %d; want up to %d, near it", len(text), len(got), Limit)
		case !utf8.ValidString(got):
			t.Fatalf("Head cut inside a character")
		case text[0] == 'l' && !strings.HasSuffix(got, "l") && text[len(got)] != '\n':
			t.Fatalf("Head of lines cut inside a line")
		}
		bytesGot, bytesHidden := HeadBytes([]byte(text))
		if bytesGot != got || bytesHidden != hidden {
			t.Fatalf("HeadBytes = %d, %d; Head = %d, %d", len(bytesGot), bytesHidden, len(got), hidden)
		}
	}
}

// TestTruncateTextMeasuresOnlyTheStartOfALongText: truncating a text far
// longer than the start truncateText measures (8 bytes a cell and 64) to
// a few cells gives what truncating it whole gives, and measures its
// start only (a 50 MB query in its control was measured whole twice a
// frame).
func TestTruncateTextMeasuresOnlyTheStartOfALongText(t *testing.T) {
	t.Parallel()
	for _, long := range []string{strings.Repeat("a", 1<<16), strings.Repeat("漢", 1<<14), strings.Repeat("\u200b", 1<<10) + "abc"} {
		for _, width := range []int{1, 5, 28} {
			got := Truncate(long, width)
			if want := truncateWhole(long, width); got != want {
				t.Fatalf("Truncate(%.10q…, %d) = %q, want %q", long, width, got, want)
			}
		}
	}
}

// truncateWhole is Truncate measuring the whole text, as it did.
func truncateWhole(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, width, "…")
}
