package tokens

import (
	"slices"
	"testing"
)

func TestPiecesJoinBackAndCarryTheBPEIds(t *testing.T) {
	bpe, err := ByName(TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"",
		`{"url": "https://example.com/a?b=1"}`,
		"naïve café 日本語 🙂 \x1b[31mred\n\ttab",
	} {
		pieces := Pieces(bpe, text)
		if got := joinPieces(pieces); got != text {
			t.Errorf("%q split and joined is %q", text, got)
		}
		var ids []int
		for _, p := range pieces {
			if len(p.IDs) == 0 {
				t.Errorf("%q: piece %q has no id", text, p.Text)
			}
			ids = append(ids, p.IDs...)
		}
		if want := bpe.(*BPE).Encode(text); !slices.Equal(ids, want) || len(ids) != bpe.Count(text) {
			t.Errorf("%q: ids %v, want %v", text, ids, want)
		}
	}
}

func TestHeuristicPiecesAreWords(t *testing.T) {
	pieces := Pieces(Heuristic{}, "one  two\nthree")
	var texts []string
	for _, p := range pieces {
		texts = append(texts, p.Text)
		if p.IDs != nil {
			t.Errorf("the heuristic has no ids: %v", p.IDs)
		}
	}
	if !slices.Equal(texts, []string{"one  ", "two\n", "three"}) {
		t.Errorf("pieces %q", texts)
	}
}
