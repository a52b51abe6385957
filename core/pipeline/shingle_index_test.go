package pipeline

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"ctxlab/core/value"
)

// TestForEachDistinctInParts: each distinct hash's positions come in
// one run, ascending, the runs in hash order, whether the buckets are
// taken in one part or in eight, on every bit or below fixed top bits;
// hashes crowded into a few buckets and repeated many times included.
func TestForEachDistinctInParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 60 {
		fixed := uint(trial % 4)
		hashes := make([]uint64, rng.IntN(3000))
		pool := make([]uint64, 1+rng.IntN(len(hashes)+1))
		top := rng.Uint64() >> (64 - fixed) << (64 - fixed) // 0 when fixed is 0
		for i := range pool {
			pool[i] = rng.Uint64()
			if trial%3 == 1 {
				pool[i] >>= 40 // every hash in the first bucket or so
			}
			pool[i] = top | pool[i]>>fixed
		}
		for p := range hashes {
			hashes[p] = pool[rng.IntN(len(pool))]
		}
		want := slices.Clone(hashes)
		slices.Sort(want)
		want = slices.Compact(want)
		byHash := map[uint64][]uint32{}
		for p, h := range hashes {
			byHash[h] = append(byHash[h], uint32(p))
		}
		for _, partMin := range []int{1 << 30, 64, 1} {
			var got [][]uint32
			forEachDistinctInParts(hashes, fixed, partMin, func(positions []uint32) {
				got = append(got, slices.Clone(positions))
			})
			if len(got) != len(want) {
				t.Fatalf("trial %d, parts over %d: %d runs, want %d", trial, partMin, len(got), len(want))
			}
			for i, positions := range got {
				if wantPositions := byHash[want[i]]; !slices.Equal(positions, wantPositions) {
					t.Fatalf("trial %d, parts over %d: run %d is %v, want %v", trial, partMin, i, positions, wantPositions)
				}
			}
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

// TestShingleIndexPostingsAndGroups checks the index against the
// windows' strings: each class's size is its number of distinct windows,
// its set holds exactly its shared ones (no rank for a window one class
// holds), each rank's classes are exactly the classes whose sets hold
// it, ranks go rarest first, and the groups are each class's unique
// windows and the shared ones held by the same classes, numbered rarest
// first, with each class's running totals.
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
		a := Analyze(docs)
		for _, k := range []int{1, 2, 3} {
			checkShingleIndex(t, a, newShingleIndex(a, k), k, fmt.Sprintf("trial %d, k=%d", trial, k))
		}
	}
}

// TestShingleIndexSameInPartitions: hashing the windows in 2, 4 or 8
// partitions of the hash space, on one core or several, gives the index
// one pass gives, rank for rank; and both pass checkShingleIndex. The
// documents include many copies of a few sentences, so that the first
// pass's runs can outgrow their estimated share.
func TestShingleIndexSameInPartitions(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	rng := rand.New(rand.NewPCG(2, 7))
	for trial := range 12 {
		n := 1 + rng.IntN(60)
		if trial%4 == 3 {
			n = 2048 + rng.IntN(3000) // several runs
		}
		sentences := []string{"the tent was torn", "please refund the order", "a b c d e"}
		docs := make([]value.Document, n)
		for i := range docs {
			words := make([]string, rng.IntN(20))
			for w := range words {
				words[w] = fmt.Sprint(rng.IntN(3 + trial*7))
			}
			if trial%2 == 1 {
				words = append(words, sentences[rng.IntN(len(sentences))])
			}
			docs[i].Content = strings.Join(words, " ")
		}
		a := Analyze(docs)
		for _, k := range []int{1, 3} {
			one := newWindowPlan(a, k)
			one.setParts(1)
			want := buildShingleIndex(a, one)
			label := fmt.Sprintf("trial %d, k=%d", trial, k)
			if n < 1024 {
				// Against the brute force on the small sets only: on the
				// large ones it took minutes under the race detector
				// (postings thousands of classes long, printed to
				// compare), and what they add is the runs, which the
				// comparison between partitions below covers.
				checkShingleIndex(t, a, want, k, label)
			}
			for _, parts := range []int{2, 4, 8} {
				pl := newWindowPlan(a, k)
				pl.setParts(parts)
				got := buildShingleIndex(a, pl)
				switch {
				case !slices.Equal(got.sizes, want.sizes):
					t.Fatalf("%s, %d parts: sizes differ", label, parts)
				case !slices.Equal(got.shared, want.shared) || !slices.Equal(got.classes, want.classes):
					t.Fatalf("%s, %d parts: postings differ", label, parts)
				case got.groups.count != want.groups.count:
					t.Fatalf("%s, %d parts: %d groups, want %d", label, parts, got.groups.count, want.groups.count)
				}
				for c := range want.sets {
					if !slices.Equal(got.sets[c], want.sets[c]) || !slices.Equal(got.groups.sets[c], want.groups.sets[c]) {
						t.Fatalf("%s, %d parts: class %d's set or groups differ", label, parts, c)
					}
				}
			}
		}
	}
}

func checkShingleIndex(t *testing.T, a *Analysis, x *shingleIndex, k int, label string) {
	t.Helper()
	ref := referenceShingles(a, k)
	holders := map[string][]int32{} // a window's classes, ascending
	for c := range ref {
		for w := range ref[c] {
			holders[w] = append(holders[w], int32(c))
		}
	}
	postings := map[uint32][]int32{}
	for c, set := range x.sets {
		shared := 0
		for w := range ref[c] {
			if len(holders[w]) > 1 {
				shared++
			}
		}
		if x.size(int32(c)) != len(ref[c]) || len(set) != shared {
			t.Fatalf("%s: class %d has size %d and keeps %d shingles; it has %d windows, %d of them shared", label, c, x.size(int32(c)), len(set), len(ref[c]), shared)
		}
		if !slices.IsSorted(set) || len(slices.Compact(slices.Clone(set))) != len(set) {
			t.Fatalf("%s: class %d's set %v is not ascending and distinct", label, c, set)
		}
		for _, r := range set {
			postings[r] = append(postings[r], int32(c))
		}
	}
	ranks := uint32(len(x.shared) - 1)
	if int(ranks) != len(postings) {
		t.Fatalf("%s: %d ranks, the sets hold %d", label, ranks, len(postings))
	}
	var gotLists, wantLists []string
	for r := range ranks {
		want := postings[r]
		if len(want) < 2 {
			t.Fatalf("%s: rank %d is held by %v: a shingle one class holds is kept", label, r, want)
		}
		if got := x.containing(r); !slices.Equal(got, want) {
			t.Fatalf("%s: rank %d is held by %v, the index says %v", label, r, want, got)
		}
		if prev := postings[r-1]; r > 0 && (len(prev) > len(want) || len(prev) == len(want) && prev[0] > want[0]) {
			t.Fatalf("%s: rank %d, held by %v, comes after rank %d, held by %v", label, r, want, r-1, prev)
		}
		gotLists = append(gotLists, fmt.Sprint(want))
	}
	for _, classes := range holders {
		if len(classes) > 1 {
			wantLists = append(wantLists, fmt.Sprint(classes))
		}
	}
	slices.Sort(gotLists)
	slices.Sort(wantLists)
	if !slices.Equal(gotLists, wantLists) {
		t.Fatalf("%s: the ranks' classes are %v, the shared windows' %v", label, gotLists, wantLists)
	}

	// The groups: each class's unique shingles, in class order, then the
	// ranks held by the same classes, by their rarest.
	byPostings := map[string][]uint32{} // the ranks of each posting list, ascending
	for r := range ranks {
		key := fmt.Sprint(postings[r])
		byPostings[key] = append(byPostings[key], r)
	}
	uniqueGroup := map[int]uint32{}
	groups := uint32(0)
	for c := range x.sets {
		if x.uniqueShingles(int32(c)) > 0 {
			uniqueGroup[c] = groups
			groups++
		}
	}
	var leaders []uint32
	for _, members := range byPostings {
		leaders = append(leaders, members[0])
	}
	slices.Sort(leaders)
	groupOf := map[uint32]uint32{}
	for i, l := range leaders {
		for _, r := range byPostings[fmt.Sprint(postings[l])] {
			groupOf[r] = groups + uint32(i)
		}
	}
	groups += uint32(len(leaders))
	if x.groups.count != groups {
		t.Fatalf("%s: %d groups, want %d", label, x.groups.count, groups)
	}
	for c, set := range x.sets {
		var want []groupAt
		through := uint32(0)
		if u := x.uniqueShingles(int32(c)); u > 0 {
			through = uint32(u)
			want = append(want, groupAt{group: uniqueGroup[c], end: through})
		}
		var held []uint32
		for _, r := range set {
			held = append(held, groupOf[r])
		}
		slices.Sort(held)
		for _, grp := range slices.Compact(held) {
			through += uint32(len(byPostings[fmt.Sprint(postings[leaders[grp-groups+uint32(len(leaders))]])]))
			want = append(want, groupAt{group: grp, end: through})
		}
		if got := x.groups.sets[c]; !slices.Equal(got, want) {
			t.Fatalf("%s: class %d's groups are %v, want %v", label, c, got, want)
		}
	}
}
