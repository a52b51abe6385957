package loaders

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// csvFirstRowJudges feeds text to a csvFirstRow in pieces of random
// sizes, runes cut anywhere, and returns its judgment.
func csvFirstRowJudges(rng *rand.Rand, text string) (decided, isYAML bool) {
	c := newCSVFirstRow()
	for rest := []byte(text); len(rest) > 0; {
		n := min(len(rest), 1+rng.IntN(5))
		c.write(rest[:n])
		rest = rest[n:]
	}
	c.finish()
	return c.decided, c.isYAML
}

// TestCSVFirstRowJudgesAsDetection: over random first lines made of
// column names, commas, spaces of every width, quotes, carriage returns,
// empty lines, a Kelvin sign (which lowers to k) and long words, the
// piecewise judgment is detectedAsYAML's on the whole text, and it
// declines only a quoted cell (which may run over lines).
func TestCSVFirstRowJudgesAsDetection(t *testing.T) {
	parts := []string{"content", "text", "page_content", "chunk_text", "CONTENT", "Text", "chun\u212a_text", "conte nt",
		" ", "  ", "\t", "\u3000", "\u00a0", "\u0085", ",", ",", "\"", "\r", "\r\n", "\n", "- ", "x", "é", "漢", "🙂",
		strings.Repeat("w", 40), strings.Repeat(" ", 50), "content:", "#"}
	rng := rand.New(rand.NewPCG(3, 17))
	for i := range 20_000 {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		if rng.IntN(2) == 0 {
			b.WriteString("\n- content: rest\n")
		}
		text := b.String()
		decided, isYAML := csvFirstRowJudges(rng, text)
		want := detectedAsYAML([]byte(text), true)
		if !decided || (!isYAML && want) {
			// Declining is right only for a quoted cell.
			if quotedCellInFirstRow(text) {
				continue
			}
			t.Fatalf("%d: %q: judged (%v) YAML %v, detection says YAML %v", i, text, decided, isYAML, want)
		}
		if isYAML != want {
			t.Fatalf("%d: %q: judged YAML %v, detection says %v", i, text, isYAML, want)
		}
	}
}

// quotedCellInFirstRow reports whether the first line that is not empty
// has a cell starting with a quote.
func quotedCellInFirstRow(text string) bool {
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if line == "" {
			continue
		}
		for _, cell := range strings.Split(line, ",") {
			if strings.HasPrefix(cell, "\"") {
				return true
			}
		}
		return false
	}
	return false
}
