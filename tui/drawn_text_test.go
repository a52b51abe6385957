package tui

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
	if got, hidden := drawnText("short"); got != "short" || hidden != 0 {
		t.Errorf("drawnText(short) = %q, %d", got, hidden)
	}
	lines := strings.Repeat(strings.Repeat("l", 99)+"\n", 2*drawLimit/100)
	for _, text := range []string{lines, strings.Repeat("漢", drawLimit), strings.Repeat("a", drawLimit+1), strings.Repeat("🙂", drawLimit/2)} {
		got, hidden := drawnText(text)
		switch {
		case len(got)+hidden != len(text) || !strings.HasPrefix(text, got):
			t.Fatalf("drawnText of %d bytes: %d drawn and %d hidden, not the text's start and the rest", len(text), len(got), hidden)
		case len(got) > drawLimit || len(got) < drawLimit-drawLimit/8-1:
			t.Fatalf("drawnText of %d bytes draws %d; want up to %d, near it", len(text), len(got), drawLimit)
		case !utf8.ValidString(got):
			t.Fatalf("drawnText cut inside a character")
		case text[0] == 'l' && !strings.HasSuffix(got, "l") && text[len(got)] != '\n':
			t.Fatalf("drawnText of lines cut inside a line")
		}
		bytesGot, bytesHidden := drawnBytes([]byte(text))
		if bytesGot != got || bytesHidden != hidden {
			t.Fatalf("drawnBytes = %d, %d; drawnText = %d, %d", len(bytesGot), bytesHidden, len(got), hidden)
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
			got := truncateText(long, width)
			if want := truncateWhole(long, width); got != want {
				t.Fatalf("truncateText(%.10q…, %d) = %q, want %q", long, width, got, want)
			}
		}
	}
}

// truncateWhole is truncateText measuring the whole text, as it did.
func truncateWhole(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, width, "…")
}
