package quoted

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestNameKeepsShortNamesAndQuotesLongOnesByTheirEnds: a name of a usual
// length is itself; a longer one is its first and last bytes around "…",
// in whole characters, whatever it is made of.
func TestNameKeepsShortNamesAndQuotesLongOnesByTheirEnds(t *testing.T) {
	for _, s := range []string{"", "kb/returns.md", "https://example.com/a/b?c=d", strings.Repeat("x", head+tail+len("…"))} {
		if got := Name(s); got != s {
			t.Errorf("Name(%q) = %q; want it unchanged", s, got)
		}
	}
	rng := rand.New(rand.NewPCG(3, 5))
	alphabets := []string{"a", "ab/", "é漢", "🙂a", "e\u0301"}
	for range 500 {
		letters := []rune(alphabets[rng.IntN(len(alphabets))])
		var b strings.Builder
		for b.Len() < head+tail+4+rng.IntN(5000) {
			b.WriteRune(letters[rng.IntN(len(letters))])
		}
		s := b.String()
		got := Name(s)
		before, after, ok := strings.Cut(got, "…")
		switch {
		case !ok || !utf8.ValidString(got):
			t.Fatalf("Name of %d bytes = %q; want valid UTF-8 with …", len(s), got)
		case len(before) > head || len(before) < head-utf8.UTFMax+1 || !strings.HasPrefix(s, before):
			t.Fatalf("Name(%.40q…) starts %q; want the first %d bytes in whole characters", s, before, head)
		case len(after) > tail || len(after) < tail-utf8.UTFMax+1 || !strings.HasSuffix(s, after):
			t.Fatalf("Name(…%.40q) ends %q; want the last %d bytes in whole characters", s[len(s)-40:], after, tail)
		}
	}
}
