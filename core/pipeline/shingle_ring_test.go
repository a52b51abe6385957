package pipeline

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// allWordsWindowHashes is appendWindowHashes as it was before its ring:
// every word's hash first, then each window chained from them.
func allWordsWindowHashes(text string, k int, keep windowFilter, dst []uint64) []uint64 {
	words := lowerWordHashes(text, nil)
	if len(words) < k {
		return keep.appendIf(dst, windowHash(words))
	}
	from := len(dst)
	seed := windowSeed(k)
	for i := 0; i+k <= len(words); i++ {
		dst = keep.appendIf(dst, chainWords(seed, words[i:i+k]))
	}
	set := dst[from:]
	slices.Sort(set)
	return append(dst[:from], slices.Compact(set)...)
}

// TestWindowHashesFromRing: hashing windows from a ring of the last k
// words gives the hashes, partitions and counts that hashing them from
// every word's hash gave, for texts of fewer words than k and more, with
// the scratch ring reused between texts as classWindowHashes reuses it.
func TestWindowHashesFromRing(t *testing.T) {
	pieces := []string{"a", "Bé", "ÉTÉ", " ", "  ", "\t", "\u00a0", "\u3000", "\xff", "İ", "ς", "word", "\n", "a a"}
	rng := rand.New(rand.NewPCG(3, 9))
	var scratch []uint64
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		k := 1 + rng.IntN(6)
		shift := uint(64 - rng.IntN(3)) // 1, 2 or 4 partitions
		for part := range uint64(1) << (64 - shift) {
			var wantCounts, gotCounts []int
			if part == 0 {
				wantCounts, gotCounts = make([]int, 4), make([]int, 4)
			}
			prefix := []uint64{7, 9}
			want := allWordsWindowHashes(text, k, windowFilter{shift: shift, part: part, counts: wantCounts}, slices.Clone(prefix))
			var got []uint64
			scratch, got = appendWindowHashes(text, k, windowFilter{shift: shift, part: part, counts: gotCounts}, scratch, slices.Clone(prefix))
			if cap(scratch) > 2*6 {
				t.Fatalf("the scratch holds %d hashes; the ring is 2k, at most 12", cap(scratch))
			}
			if fmt.Sprint(got, gotCounts) != fmt.Sprint(want, wantCounts) {
				t.Fatalf("appendWindowHashes(%q, k=%d, part %d/%d) = %v %v, want %v %v", text, k, part, shift, got, gotCounts, want, wantCounts)
			}
		}
	}
}
