package tokens

import (
	"math/rand"
	"strings"
	"testing"

	"ctxlab/core/pycompat"
	"ctxlab/internal/racetest"
)

// joinedAlphabet holds what the pre-tokenizers treat each in their own
// way: lowercase and uppercase letters around the spaces a cut is made
// at, in Latin, Cyrillic and Greek, apostrophes of contractions, digits
// (full-width too), punctuation and slashes, newlines and other spaces,
// letters beyond ASCII, Chinese and Japanese with their punctuation and
// the long-vowel mark (a modifier letter), combining marks.
var joinedAlphabet = []string{
	"a", "b", "z", "q", " ", " ", " ", "A", "Z", "'", "'s", "'ll", "1", "42", ".", ",", "/", "//", "\n", "\r\n",
	"\t", "  ", "é", "É", "ß", "ж", "中", "\u0301", "\u00a0", "\u3000", "{", "}", "\"", "-", "_", "x y", "ab cd",
	"а", "б", "Ж", "α", "Ω", "文字", "，", "。", "、", "あ", "カ", "ー", "１", "THE ", "\n\n", "\u0308", "=", "+",
}

func randomJoinedText(r *rand.Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(joinedAlphabet[r.Intn(len(joinedAlphabet))])
	}
	return b.String()
}

// randomParts cuts text into parts at random byte offsets that fall
// between characters, some parts empty.
func randomParts(r *rand.Rand, text string) []string {
	var parts []string
	for len(text) > 0 {
		i := r.Intn(len(text) + 1)
		for i < len(text) && !utf8RuneStart(text[i]) {
			i++
		}
		parts = append(parts, text[:i])
		text = text[i:]
	}
	return parts
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// TestCountJoinedEqualsCount: the stretches' counts add up to the joined
// text's, for both BPE encodings, and the parts' words to its words, on
// random texts cut into random parts, with the long-part threshold low
// enough that nearly every part is cut.
func TestCountJoinedEqualsCount(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(11))
	bpes := []*BPE{BuiltinTokenizers[TokenizerO200K].(*BPE), BuiltinTokenizers[TokenizerCL100K].(*BPE)}
	for i := 0; i < racetest.Cut(3000, 5); i++ {
		text := randomJoinedText(r, 1+r.Intn(200))
		parts := randomParts(r, text)
		stretches := joinedStretches(parts, 1+r.Intn(8), 1+r.Intn(40))
		if got := strings.Join(stretches, ""); got != text {
			t.Fatalf("stretches %q join to %q, want %q", stretches, got, text)
		}
		for _, b := range bpes {
			enc := b.load()
			sum := 0
			for _, s := range stretches {
				sum += enc.count(s)
			}
			if want := enc.count(text); sum != want {
				t.Fatalf("%s: stretches %q count %d, the joined text %q %d", b.Name(), stretches, sum, text, want)
			}
		}
		if got, want := joinedWords(parts), pycompat.WordCount(text); got != want {
			t.Fatalf("heuristic: parts %q hold %d words, the joined text %d", parts, got, want)
		}
	}
}
