package safetext

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// replacedLine is Line as it was: Sanitize, then a strings.Replacer.
func replacedLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\t", " ").Replace(Sanitize(s))
}

// randomLineText mixes text Line keeps with every kind it changes:
// controls, CR LF, DEL, C1 controls, bidirectional and joining
// characters, invalid bytes and a literal U+FFFD.
func randomLineText(rng *rand.Rand) string {
	pieces := []string{"a", "Zé", " ", "  ", "\n", "\t", "\r\n", "\r", "\x1b[31m", "\x00", "\x7f", "\u0085", "\u009b", "\u202e",
		"\u2066", "\u200d", "\ufe0f", "👍🏽", "😀", "İ", "\uFFFD", "\xff", "\xe2\x82", "\xc3", "<U+", "␛"}
	var b strings.Builder
	for range rng.IntN(30) {
		if rng.IntN(6) == 0 {
			b.WriteRune(rune(rng.IntN(0x11000)))
			continue
		}
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// TestLineAsReplaced: Line, and AppendLine over parts cut anywhere a
// character starts, give what Sanitize and the replacer gave.
func TestLineAsReplaced(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 3))
	for range 20000 {
		s := randomLineText(rng)
		want := replacedLine(s)
		if got := Line(s); got != want {
			t.Fatalf("Line(%q) = %q, want %q", s, got, want)
		}
		var parts []byte
		for i := 0; i < len(s); {
			to := min(len(s), i+1+rng.IntN(6))
			for to < len(s) && !utf8.RuneStart(s[to]) {
				to++
			}
			parts = AppendLine(parts, s[i:to])
			i = to
		}
		if string(parts) != want {
			t.Fatalf("AppendLine in parts of %q = %q, want %q", s, parts, want)
		}
	}
}

// TestLineKeepsCleanText: text with nothing to change is not copied.
func TestLineKeepsCleanText(t *testing.T) {
	s := strings.Repeat("use case é 😀 ", 1000)
	if allocs := testing.AllocsPerRun(10, func() { _ = Line(s) }); allocs != 0 {
		t.Errorf("Line of clean text allocated %v times", allocs)
	}
}
