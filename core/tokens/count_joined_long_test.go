//go:build heavy

package tokens

import (
	"math/rand"
	"strings"
	"testing"
)

// TestCountJoinedLongPart: a part long enough to be counted where it
// lies (a description of a few megabytes between a rendering's short
// pieces) counts as the joined text, with each tokenizer, and a part
// with no place to cut, or invalid UTF-8, is joined.
func TestCountJoinedLongPart(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	var long strings.Builder
	for long.Len() < joinedLongPart+joinedCutSearch {
		long.WriteString(randomJoinedText(r, 64))
	}
	cases := [][]string{
		{"// ", long.String(), "\ntype f = () => any;\n"},
		{"x", strings.Repeat("A", joinedLongPart), "y"},
		{"a\xe2\x82", "\xac b"},
	}
	for _, tok := range []Tokenizer{BuiltinTokenizers[TokenizerO200K], Heuristic{}} {
		for i, parts := range cases {
			if got, want := CountJoined(tok, parts), tok.Count(strings.Join(parts, "")); got != want {
				t.Errorf("%s, case %d: CountJoined = %d, Count of the joined text = %d", tok.Name(), i, got, want)
			}
		}
	}
	if s := joinedStretches(cases[0], joinedLongPart, joinedCutSearch); len(s) != 3 || len(s[1]) < memoPrintBytes {
		t.Errorf("the long part was not counted where it lies: %d stretches", len(s))
	}
}

// TestCountJoinedLongPartOfEachKind: a long description in capitals, in
// Cyrillic, in Chinese with its punctuation and no space, or base64, is
// counted where it lies (one stretch of nearly all of it) and counts as
// the joined text; one pre-token from end to end (Chinese without
// punctuation) is joined.
func TestCountJoinedLongPartOfEachKind(t *testing.T) {
	for _, c := range []struct {
		unit  string
		where bool // counted where it lies
	}{
		{"THE ORDER SHIPS TODAY ", true},
		{"заказ отправлен ", true},
		{"订单已发货，预计明天到达。", true},
		{"QUJDREVGR0hJ+/4", true},
		{"订单已发货预计明天到达", false},
	} {
		long := strings.Repeat(c.unit, joinedLongPart/len(c.unit)+1)
		parts := []string{"// ", long, "\n"}
		s := joinedStretches(parts, joinedLongPart, joinedCutSearch)
		if where := len(s) == 3 && len(s[1]) > len(long)-2*joinedCutSearch; where != c.where {
			t.Errorf("%q: counted where it lies %v, want %v", c.unit, where, c.where)
		}
		for _, tok := range []Tokenizer{BuiltinTokenizers[TokenizerO200K], BuiltinTokenizers[TokenizerCL100K], Heuristic{}} {
			if got, want := CountJoined(tok, parts), tok.Count(strings.Join(parts, "")); got != want {
				t.Errorf("%q, %s: CountJoined = %d, Count of the joined text = %d", c.unit, tok.Name(), got, want)
			}
		}
	}
}
