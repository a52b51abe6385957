package tokens

import (
	"slices"
	"strings"
	"testing"
)

// TestEncodeUpToIsPrefix holds that stopping the encoder early gives the
// whole text's first ids, which is what lets a cut keeping the start
// encode only the start.
func TestEncodeUpToIsPrefix(t *testing.T) {
	texts := []string{
		strings.Repeat("The quick brown fox jumps over the lazy dog. ", 30),
		strings.Repeat("🙂 ", 40) + "  \n\n  tail",
		"func main() {\n\tfmt.Println(\"hi\")\n}\n" + strings.Repeat("x", 500),
	}
	for _, name := range []string{TokenizerCL100K, TokenizerO200K} {
		tok, err := NewBPE(name)
		if err != nil {
			t.Fatal(err)
		}
		enc := tok.load()
		for _, text := range texts {
			all := enc.encode(text)
			for _, limit := range []int{0, 1, 2, 7, len(all) / 2, len(all), len(all) + 5} {
				got := enc.encodeUpTo(text, limit)
				if len(got) < min(limit, len(all)) || !slices.Equal(got, all[:len(got)]) {
					t.Errorf("%s: encodeUpTo(%.20q, %d) = %d ids, not a prefix of the %d ids of encode reaching the limit", name, text, limit, len(got), len(all))
				}
			}
		}
	}
}
