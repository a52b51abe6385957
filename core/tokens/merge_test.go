package tokens

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"ctxlab/internal/racetest"
)

// TestSmallMergeMatchesQueueMerge: the two merges make the same tokens on
// every piece short enough for the small one: random letters, runs of
// one byte, random bytes and random Unicode, under both encodings.
func TestSmallMergeMatchesQueueMerge(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	alphabets := []string{"ab", "abcdefghijklmnopqrstuvwxyz", "=-_ ", "aeiou nrst", "0123456789", "漢字かなカナ", "\xff\xfe\x00\x01"}
	for _, name := range bpeNames {
		tok, _ := ByName(name)
		enc := tok.(*BPE).load()
		for i := range racetest.Cut(20_000, 5) {
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
			queueMerge(string(piece), enc.ranks, enc.maxLen, false, func(s string) { large = append(large, s) })
			if !slices.Equal(small, large) {
				t.Fatalf("%s: %q: small merge %q, queue merge %q", name, piece, small, large)
			}
		}
	}
}

// TestBucketsMatchHeap: the two queues of the merge, buckets by rank and
// one heap, make the same tokens on pieces of every length from a few
// bytes to a few thousand, under both encodings: runs of one byte, two
// alternating, small alphabets, letters and Han characters: twenty
// pieces of each alphabet, and FuzzBucketsMatchHeap for more.
func TestBucketsMatchHeap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	alphabets := []string{"=", "-", "ab", "=-", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", "aeiou nrst", "0123456789", "漢字かなカナ的一是不了人我在有", "\xff\xfe\x00\x01 "}
	for j, name := range bpeNames {
		tok, _ := ByName(name)
		enc := tok.(*BPE).load()
		for i := range 20 * len(alphabets) {
			alphabet := []rune(alphabets[i%len(alphabets)])
			size := 1 + rng.IntN(4000)
			var piece []byte
			for len(piece) < size {
				piece = append(piece, string(alphabet[rng.IntN(len(alphabet))])...)
			}
			// Under -race each round of the alphabets with one
			// vocabulary, in turn.
			if racetest.Enabled && (i/len(alphabets))%len(bpeNames) != j {
				continue
			}
			var heap, buckets []string
			queueMerge(string(piece), enc.ranks, enc.maxLen, false, func(s string) { heap = append(heap, s) })
			queueMerge(string(piece), enc.ranks, enc.maxLen, true, func(s string) { buckets = append(buckets, s) })
			if !slices.Equal(heap, buckets) {
				t.Fatalf("%s: %q: heap %d tokens, buckets %d", name, clip(string(piece)), len(heap), len(buckets))
			}
		}
	}
}

// FuzzBucketsMatchHeap: on any bytes taken as one piece, and on runs of
// them long enough for the buckets' own size, the merge's two queues make
// the same tokens. FuzzEncodeMatchesTiktoken holds the heap to
// tiktoken-go; its texts stay short, so this one reaches the buckets.
func FuzzBucketsMatchHeap(f *testing.F) {
	for _, seed := range []string{"=", "ab", "=-", "漢字", "aaab", "\xff\xfe", "0123456789", "  \n"} {
		f.Add(seed, uint16(600))
	}
	f.Fuzz(func(t *testing.T, unit string, repeats uint16) {
		if unit == "" || len(unit)*int(repeats) > 20_000 {
			return
		}
		piece := strings.Repeat(unit, max(int(repeats), 1))
		for _, name := range bpeNames {
			tok, _ := ByName(name)
			enc := tok.(*BPE).load()
			var heap, buckets []string
			queueMerge(piece, enc.ranks, enc.maxLen, false, func(s string) { heap = append(heap, s) })
			queueMerge(piece, enc.ranks, enc.maxLen, true, func(s string) { buckets = append(buckets, s) })
			if !slices.Equal(heap, buckets) {
				t.Fatalf("%s: %q × %d: heap %d tokens, buckets %d", name, clip(unit), repeats, len(heap), len(buckets))
			}
		}
	})
}
