package tokens

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSmallMergeMatchesHeapMerge: the two merges make the same tokens on
// every piece short enough for the small one: random letters, runs of
// one byte, random bytes and random Unicode, under both encodings.
func TestSmallMergeMatchesHeapMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	alphabets := []string{"ab", "abcdefghijklmnopqrstuvwxyz", "=-_ ", "aeiou nrst", "0123456789", "漢字かなカナ", "\xff\xfe\x00\x01"}
	for _, name := range bpeNames {
		tok, _ := ByName(name)
		enc := tok.(*BPE).load()
		for i := range 20_000 {
			alphabet := []rune(alphabets[i%len(alphabets)])
			var piece []byte
			for len(piece) < 1+rng.IntN(smallPieceBytes) {
				piece = append(piece, string(alphabet[rng.IntN(len(alphabet))])...)
			}
			if len(piece) > smallPieceBytes {
				piece = piece[:smallPieceBytes]
			}
			var small, large []string
			mergeSmall(string(piece), enc.ranks, func(s string) { small = append(small, s) })
			heapMerge(string(piece), enc.ranks, enc.maxLen, func(s string) { large = append(large, s) })
			if !slices.Equal(small, large) {
				t.Fatalf("%s: %q: small merge %q, heap merge %q", name, piece, small, large)
			}
		}
	}
}
