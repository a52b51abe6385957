package pipeline

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// TestNumberDistinctInParts: equal hashes get equal numbers and others
// not, numbered from 0 in hash order, whether the buckets are taken in
// one part or in eight; hashes crowded into a few buckets and repeated
// many times included.
func TestNumberDistinctInParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 60 {
		hashes := make([]uint64, rng.IntN(3000))
		pool := make([]uint64, 1+rng.IntN(len(hashes)+1))
		for i := range pool {
			pool[i] = rng.Uint64()
			if trial%3 == 1 {
				pool[i] >>= 40 // every hash in the first bucket or so
			}
		}
		for p := range hashes {
			hashes[p] = pool[rng.IntN(len(pool))]
		}
		want := slices.Clone(hashes)
		slices.Sort(want)
		want = slices.Compact(want)
		for _, partMin := range []int{1 << 30, 64, 1} {
			ids := make([]uint32, len(hashes))
			if got := numberDistinctInParts(hashes, ids, partMin); got != len(want) {
				t.Fatalf("trial %d, parts over %d: %d distinct, want %d", trial, partMin, got, len(want))
			}
			for p, h := range hashes {
				if i, _ := slices.BinarySearch(want, h); ids[p] != uint32(i) {
					t.Fatalf("trial %d, parts over %d: position %d numbered %d, its hash is the %dth", trial, partMin, p, ids[p], i)
				}
			}
		}
	}
}

// TestRankByCount: ranks order numbers by how often they occur, ties by
// first position; the unique ones come first, and the shared ones'
// starts count the positions of the ranks before them.
func TestRankByCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	for trial := range 100 {
		distinct := 1 + rng.IntN(200)
		ids := make([]uint32, distinct+rng.IntN(400))
		for p := range ids {
			if p < distinct {
				ids[p] = uint32(p) // every number occurs
			} else {
				ids[p] = uint32(rng.IntN(max(1, distinct/(1+trial%4))))
			}
		}
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		count := make([]int, distinct)
		firstAt := make([]int, distinct)
		for p := len(ids) - 1; p >= 0; p-- {
			count[ids[p]]++
			firstAt[ids[p]] = p
		}
		order := make([]int, distinct)
		for d := range order {
			order[d] = d
		}
		slices.SortFunc(order, func(d, e int) int {
			if count[d] != count[e] {
				return count[d] - count[e]
			}
			return firstAt[d] - firstAt[e]
		})
		wantRank := make([]uint32, distinct)
		wantUnique := 0
		for r, d := range order {
			wantRank[d] = uint32(r)
			if count[d] == 1 {
				wantUnique++
			}
		}
		before := slices.Clone(ids)
		unique, shared := rankByCount(ids, distinct)
		for p, d := range before {
			if ids[p] != wantRank[d] {
				t.Fatalf("trial %d: position %d ranked %d, want %d", trial, p, ids[p], wantRank[d])
			}
		}
		if int(unique) != wantUnique || len(shared) != distinct-wantUnique+1 {
			t.Fatalf("trial %d: unique %d and %d shared starts, want %d and %d", trial, unique, len(shared), wantUnique, distinct-wantUnique+1)
		}
		at := wantUnique
		for r := wantUnique; r < distinct; r++ {
			if int(shared[r-wantUnique]) != at {
				t.Fatalf("trial %d: rank %d's postings start at %d, want %d", trial, r, shared[r-wantUnique], at)
			}
			at += count[order[r]]
		}
		if int(shared[len(shared)-1]) != len(ids) {
			t.Fatalf("trial %d: the postings end at %d, want %d", trial, shared[len(shared)-1], len(ids))
		}
	}
}

// TestWindowCount: the count that sizes the hash array is the number of
// windows the hashing makes, on text with capitals, Unicode spaces and
// letters, and invalid bytes.
func TestWindowCount(t *testing.T) {
	pieces := []string{"a", "Bé", "ÉTÉ", " ", "  ", "\t", "\u00a0", "\u2003", "\u3000", "\x1c", "\xff", "İ", "ς", "word", "\n"}
	rng := rand.New(rand.NewPCG(8, 2))
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		words := len(lowerWordHashes(text, nil))
		for _, k := range []int{1, 2, 3, 5} {
			want := 1
			if words >= k {
				want = words - k + 1
			}
			if got := windowCount(text, k); got != want {
				t.Fatalf("windowCount(%q, %d) = %d, want %d (%d words)", text, k, got, want, words)
			}
		}
	}
}

// TestShingleIndexPostingsAndGroups checks the index against what it
// compresses: each rank's classes are exactly the classes whose sets
// hold it, the unique ranks (held by one class) come first, and the
// groups are the shingles held by the same classes, numbered by their
// rarest shingle, with each class's running totals.
func TestShingleIndexPostingsAndGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for trial := range 80 {
		docs := make([]value.Document, 1+rng.IntN(40))
		for i := range docs {
			words := make([]string, rng.IntN(14))
			for w := range words {
				if rng.IntN(4) == 0 {
					words[w] = fmt.Sprintf("own%d-%d", i, w) // a word no other document has
				} else {
					words[w] = fmt.Sprint(rng.IntN(2 + trial%6))
				}
			}
			docs[i].Content = strings.Join(words, " ")
		}
		for _, k := range []int{1, 2, 3} {
			checkShingleIndex(t, newShingleIndex(Analyze(docs), k), fmt.Sprintf("trial %d, k=%d", trial, k))
		}
	}
}

func checkShingleIndex(t *testing.T, x *shingleIndex, label string) {
	t.Helper()
	postings := map[uint32][]int32{}
	for c, set := range x.sets {
		if !slices.IsSorted(set) || len(slices.Compact(slices.Clone(set))) != len(set) {
			t.Fatalf("%s: class %d's set %v is not ascending and distinct", label, c, set)
		}
		for _, r := range set {
			postings[r] = append(postings[r], int32(c))
		}
	}
	byPostings := map[string][]uint32{} // the ranks of each posting list, ascending
	for r := range uint32(len(postings)) {
		want, ok := postings[r]
		if !ok {
			t.Fatalf("%s: rank %d is in no set, of %d ranks", label, r, len(postings))
		}
		if got := x.containing(r); !slices.Equal(got, want) {
			t.Fatalf("%s: rank %d is held by %v, the index says %v", label, r, want, got)
		}
		if (r < x.unique) != (len(want) == 1) {
			t.Fatalf("%s: rank %d is held by %d classes, and unique is %d", label, r, len(want), x.unique)
		}
		key := fmt.Sprint(want)
		byPostings[key] = append(byPostings[key], r)
	}
	groupOf := map[uint32]uint32{}
	for grp, first := range x.groups.first {
		if grp > 0 && first <= x.groups.first[grp-1] {
			t.Fatalf("%s: group %d's first shingle %d does not follow %d", label, grp, first, x.groups.first[grp-1])
		}
		members := byPostings[fmt.Sprint(postings[first])]
		if members[0] != first {
			t.Fatalf("%s: group %d is led by %d, its rarest shingle is %d", label, grp, first, members[0])
		}
		for _, r := range members {
			groupOf[r] = uint32(grp)
		}
	}
	if len(groupOf) != len(postings) {
		t.Fatalf("%s: the groups hold %d shingles of %d", label, len(groupOf), len(postings))
	}
	for c, set := range x.sets {
		var held []uint32
		for _, r := range set {
			held = append(held, groupOf[r])
		}
		slices.Sort(held)
		held = slices.Compact(held)
		var want []groupAt
		through := uint32(0)
		for _, grp := range held {
			through += uint32(len(byPostings[fmt.Sprint(postings[x.groups.first[grp]])]))
			want = append(want, groupAt{group: grp, end: through})
		}
		if got := x.groups.sets[c]; !slices.Equal(got, want) {
			t.Fatalf("%s: class %d's groups are %v, want %v", label, c, got, want)
		}
	}
}
