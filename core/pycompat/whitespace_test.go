package pycompat

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// WordCount is len(Split) on every kind of whitespace Python's split
// knows, invalid bytes and characters of every width.
func TestWordCountIsTheNumberOfFields(t *testing.T) {
	pieces := []string{"a", "Word", " ", "\t\n\v\f\r", "\x1c\x1d\x1e\x1f", "\u0085", "\u00a0", "\u1680", "\u2000", "\u2028", "\u3000",
		"\u200b", "é", "漢", "🙂", "\xff", "\xe2\x80", "\ufffd", "\x00"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5_000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		if got, want := WordCount(text), len(Split(text)); got != want {
			t.Fatalf("%q: %d words, Split finds %d", text, got, want)
		}
	}
}
