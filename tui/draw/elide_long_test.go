package draw

import (
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/internal/alloctest"

	"github.com/mattn/go-runewidth"
)

// elideMiddleByRunes is ElideMiddle as it was, over the string
// converted to runes whole.
func elideMiddleByRunes(s string, width int) (string, int, int) {
	runes := []rune(s)
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
	return string(runes[:head]) + "…" + string(runes[tail:]), head, tail
}

// TestElideMiddleAsByRunes: walked from both ends, the elided text and
// the kept runes are those of the whole conversion to runes, on random
// text of wide, zero-width and invalid bytes, and a long source costs
// no more than a few cells' worth.
func TestElideMiddleAsByRunes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	pieces := []string{"a", "/", "#", "漢", "é", "e\u0301", "\u200d", "🙂", "\xff", "\xe2\x82", "\xf0\x9f\x99", "kb/", ".md"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s, width := b.String(), 6+rng.IntN(30)
		if runewidth.StringWidth(s) <= width {
			continue
		}
		want, head, tail := elideMiddleByRunes(s, width)
		got, kept := ElideMiddle(s, width)
		if got != want {
			t.Fatalf("ElideMiddle(%q, %d) = %q, want %q", s, width, got, want)
		}
		for i := range len([]rune(s)) {
			wantAt := -1
			switch {
			case i < head:
				wantAt = i
			case i >= tail:
				wantAt = head + 1 + i - tail
			}
			if kept(i) != wantAt {
				t.Fatalf("ElideMiddle(%q, %d): rune %d kept at %d, want %d", s, width, i, kept(i), wantAt)
			}
		}
	}

	long := "kb/" + strings.Repeat("a", 4<<20) + "/end.md"
	var out string
	if grew := alloctest.Least(4096, func() { out, _ = ElideMiddle(long, 60) }); grew > 4096 {
		t.Errorf("eliding a %d-byte source allocated %d bytes", len(long), grew)
	}
	if !strings.HasSuffix(out, "…aaaa/end.md") && !strings.HasSuffix(out, "/end.md") {
		t.Errorf("elided to %q", out)
	}
}
