package pipeline

import (
	"slices"
	"strings"
)

// shingleSet is a document's set of k-word windows, each interned to an
// id, sorted ascending and without repeats. Interning keeps the sets exact
// (no hashing collisions) while making intersection a merge of integers.
type shingleSet []uint32

// shingleInterner assigns ids to shingle texts for one shingle size.
type shingleInterner struct {
	ids map[string]uint32
}

func newShingleInterner() *shingleInterner {
	return &shingleInterner{ids: make(map[string]uint32)}
}

// shingles builds the set of k-word windows of words, which must already
// be lowercased. A text with fewer than k words has a single shingle made
// of all its words, as in the reference (so an empty text has one empty
// shingle). Words never contain whitespace, so joining them with a space
// names each window unambiguously.
func (in *shingleInterner) shingles(words []string, k int) shingleSet {
	if len(words) < k {
		return shingleSet{in.id(strings.Join(words, " "))}
	}
	set := make(shingleSet, 0, len(words)-k+1)
	for i := 0; i+k <= len(words); i++ {
		set = append(set, in.id(strings.Join(words[i:i+k], " ")))
	}
	slices.Sort(set)
	return slices.Compact(set)
}

func (in *shingleInterner) id(shingle string) uint32 {
	if id, ok := in.ids[shingle]; ok {
		return id
	}
	id := uint32(len(in.ids))
	in.ids[shingle] = id
	return id
}

// intersectionSize counts the ids two sorted sets share.
func intersectionSize(a, b shingleSet) int {
	n, _ := intersectionAtLeast(a, b, 0)
	return n
}

// intersectionAtLeast counts the ids two sorted sets share, giving up
// (ok false) as soon as fewer than need could still be found.
func intersectionAtLeast(a, b shingleSet, need int) (n int, ok bool) {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if n+min(len(a)-i, len(b)-j) < need {
			return n, false
		}
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n, n >= need
}

// jaccardFromSizes is |A∩B| / |A∪B|, 0 when both sets are empty, with the
// same float64 division the reference performs.
func jaccardFromSizes(inter, sizeA, sizeB int) float64 {
	union := sizeA + sizeB - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}

// jaccard returns the similarity of two shingle sets.
func jaccard(a, b shingleSet) float64 {
	return jaccardFromSizes(intersectionSize(a, b), len(a), len(b))
}
