package diagnosis

import (
	"strings"
	"testing"

	"ctxlab/internal/alloctest"
)

// dropAsides must say what ReplaceAllString said.
func TestDropAsidesIsTheRegexpReplace(t *testing.T) {
	for _, s := range []string{
		"",
		"no aside here.",
		"#3 doc.md (rank 2, score 0.91) was dropped.",
		"(at the start) then (two) asides (and (nested) one).",
		"unclosed (aside and a closed (one).",
		" () empty aside",
	} {
		if got, want := dropAsides(s), parenthesized.ReplaceAllString(s, ""); got != want {
			t.Errorf("dropAsides(%q) = %q, want %q", s, got, want)
		}
	}
}

// A finding naming a document by a long source is shortened on every
// frame: with no aside the sentence is not copied at all, and with one
// it is copied once, into a string of the size left. ReplaceAllString
// allocated twice the sentence or more. The bounds leave 16 KiB for the
// regexp's matcher, which the race detector's sync.Pool may drop, and
// a page of rounding.
func TestDropAsidesCopiesALongSentenceAtMostOnce(t *testing.T) {
	long := "#1 " + strings.Repeat("a", 1<<20) + ", sent as [1], is mostly its citation header."
	var got string
	if bytes := allocatedBy(func() { got = dropAsides(long) }); bytes > 16<<10 || got != long {
		t.Errorf("no aside: %d bytes allocated for a sentence of %d; want it returned as it is", bytes, len(long))
	}
	aside := "#1 " + strings.Repeat("a", 1<<20) + " (rank 1, score 0.9) was dropped."
	bytes := allocatedBy(func() { got = dropAsides(aside) })
	if want := parenthesized.ReplaceAllString(aside, ""); got != want {
		t.Fatal("with an aside: not the regexp's sentence")
	}
	if bytes > uint64(len(aside))+16<<10 {
		t.Errorf("with an aside: %d bytes allocated for a sentence of %d", bytes, len(aside))
	}
}

// allocatedBy is the bytes f allocates: the least of five runs, since
// TotalAlloc counts the whole process and tests running in parallel
// allocate at the same time.
func allocatedBy(f func()) uint64 { return alloctest.Least(0, f) }
