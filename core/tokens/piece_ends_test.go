package tokens

import (
	"math/rand"
	"slices"
	"testing"
	"unicode/utf8"

	"ctxlab/internal/racetest"
)

// TestPieceEndsBetweenCutsAsTiktoken cuts many random texts at every
// place pieceEndsBetween allows: tiktoken-go's own tokens of the two
// sides, for both encodings, are the whole text's, and ctxlab's counts
// add up. Every kind of place the rule allows is met. 500 texts cut
// between 701 of the 702 pairs of runes that 1,500 reach; each cut costs
// two encodings of the text by tiktoken-go, so under the race detector
// a fifth of them are cut.
func TestPieceEndsBetweenCutsAsTiktoken(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(19))
	n := racetest.Cut(500, 5)
	if testing.Short() {
		n = 200
	}
	seen := map[string]int{}
	for k := 0; k < n; k++ {
		text := randomJoinedText(r, 1+r.Intn(120))
		for _, name := range bpeNames {
			whole := oracle(t, name).EncodeOrdinary(text)
			b, _ := ByName(name)
			enc := b.(*BPE).load()
			for i := 1; i < len(text); i++ {
				if !safeCutAt(text, i) {
					continue
				}
				got := append(oracle(t, name).EncodeOrdinary(text[:i]), oracle(t, name).EncodeOrdinary(text[i:])...)
				if !slices.Equal(got, whole) {
					t.Fatalf("%s: %q cut before byte %d (%q|%q): tokens %v, the whole's %v", name, text, i, text[:i], text[i:], got, whole)
				}
				if sum := enc.count(text[:i]) + enc.count(text[i:]); sum != len(whole) {
					t.Fatalf("%s: %q cut before byte %d: counts add to %d, the whole's %d", name, text, i, sum, len(whole))
				}
				seen[cutKind(text, i)]++
			}
		}
	}
	for _, kind := range []string{
		"letter|space", "letter|punctuation", "letter|number", "letter|newline",
		"number|space", "number|punctuation", "number|letter", "number|newline",
		"newline|letter", "newline|number", "newline|punctuation",
	} {
		if seen[kind] == 0 {
			t.Errorf("no cut %s was checked (%v)", kind, seen)
		}
	}
}

// safeCutAt reports whether valid UTF-8 text may be cut before byte i,
// as firstSafeCut and lastSafeCut find such places,
// strictly inside it and between two runes, with the BPE counts of the
// two sides adding up to the whole's: whether the runes on either side
// end a pre-tokenizer's piece between them (pieceEndsBetween).
func safeCutAt(text string, i int) bool {
	if i <= 0 || i >= len(text) || !utf8.RuneStart(text[i]) {
		return false
	}
	x, _ := utf8.DecodeLastRuneInString(text[:i])
	y, _ := utf8.DecodeRuneInString(text[i:])
	return pieceEndsBetween(x, y)
}

// cutKind names the classes of the runes either side of byte i.
func cutKind(text string, i int) string {
	return runeKind(lastRune(text[:i])) + "|" + runeKind([]rune(text[i:])[0])
}

func runeKind(r rune) string {
	c := classify(r)
	switch {
	case c&classLetter != 0:
		return "letter"
	case c&classNumber != 0:
		return "number"
	case c&classNewline != 0:
		return "newline"
	case c&classSpace != 0:
		return "space"
	case c&(classUpper|classLower) != 0:
		return "mark"
	}
	return "punctuation"
}

// TestSafeCutsOfLongText: the places a long text of each kind a tool
// description may be is cut at, and none inside one pre-token.
func TestSafeCutsOfLongText(t *testing.T) {
	for _, c := range []struct {
		text string
		cut  int // the first cut, -1 for none
	}{
		{"the order ships", 3},
		{"THE ORDER SHIPS", 3},
		{"заказ отправлен", 10},
		{"η παραγγελία", 2},
		{"订单已发货，明天到达。", 15},
		{"ご注文の商品は、明日", 21},
		{"QUJD+ZGVm/Z2hp", 4},
		{`{"type":"object"}`, 6},
		{"2026-12-01", 4},
		{"line\nnext", 4},
		{"\nnext", 1},
		{"订单已发货明天到达", -1},
		{"aaaaaaaa", -1},
		{"========", -1},
		{"don't", -1},
		{"café\u0301s.", len("café\u0301s")},
		{"     ", -1},
		{"\n/path", -1},
	} {
		if got := firstSafeCut(c.text, len(c.text)); got != c.cut {
			t.Errorf("%q: first cut %d, want %d", c.text, got, c.cut)
		}
	}
}

// TestSafeCutSearchFindsTheFirstAndLast: the searches find the first
// and the last place safeCutAt allows within their bounds, on random
// texts with random bounds.
func TestSafeCutSearchFindsTheFirstAndLast(t *testing.T) {
	r := rand.New(rand.NewSource(20))
	for k := 0; k < 3000; k++ {
		text := randomJoinedText(r, 1+r.Intn(80))
		limit, from := r.Intn(len(text)+2)-1, r.Intn(len(text)+2)-1
		first, last := -1, -1
		for i := 1; i < len(text); i++ {
			if safeCutAt(text, i) {
				if first < 0 && i <= limit {
					first = i
				}
				if i >= from {
					last = i
				}
			}
		}
		if got := firstSafeCut(text, limit); got != first {
			t.Fatalf("%q: firstSafeCut(%d) = %d, want %d", text, limit, got, first)
		}
		if got := lastSafeCut(text, from); got != last {
			t.Fatalf("%q: lastSafeCut(%d) = %d, want %d", text, from, got, last)
		}
	}
}
