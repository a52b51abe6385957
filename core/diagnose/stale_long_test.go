package diagnose

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"ctxlab/internal/alloctest"
)

// pathMarksSplittingWhole is pathMarks as it was: the source lower-cased,
// then split into a slice of its words, every archive word listed.
func pathMarksSplittingWhole(source string) marks {
	m := marks{version: -1}
	for _, p := range strings.FieldsFunc(strings.ToLower(source), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if archiveWords[p] {
			m.archive = append(m.archive, p)
			continue
		}
		if n, ok := digits(p); ok && len(p) == 4 && n >= 1990 && n <= 2099 {
			m.year = max(m.year, n)
			continue
		}
		if v, ok := strings.CutPrefix(p, "v"); ok {
			if n, ok := digits(v); ok {
				m.version = n
			}
		}
	}
	return m
}

// TestPathMarksReadsPartsWhereTheyLie: reading a source's parts where
// they lie finds the marks splitting it whole found, with each archive
// word listed once, over random paths of marks, words, case and
// separators.
func TestPathMarksReadsPartsWhereTheyLie(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	pieces := []string{"kb", "OLD", "old", "Archive", "v2", "V10", "2023", "1989", "2099", "/", "-", "_", ".", " ", "é", "K", "legacy", "v", "12345678", "docs"}
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := b.String()
		want := pathMarksSplittingWhole(src)
		seen := map[string]bool{}
		unique := want.archive[:0:0]
		for _, w := range want.archive {
			if !seen[w] {
				seen[w] = true
				unique = append(unique, w)
			}
		}
		want.archive = unique
		if got := pathMarks(src); !reflect.DeepEqual(got, want) {
			t.Fatalf("pathMarks(%q) = %+v, want %+v", src, got, want)
		}
	}
}

// TestPathMarksOnALongSourceAllocatesLittle: a source of 4 MB of words
// is read without a copy or a slice of its words (160 MB allocated per
// pair of sources the findings compared), and an archive word it repeats
// a million times is evidence once.
func TestPathMarksOnALongSourceAllocatesLittle(t *testing.T) {
	src := "kb/" + strings.Repeat("old page ", 4<<20/9)
	var m marks
	if grew := alloctest.Least(64<<10, func() { m = pathMarks(src) }); grew > 64<<10 {
		t.Errorf("reading a %d-byte source allocated %d bytes", len(src), grew)
	}
	if m.evidence() != "old" {
		t.Errorf("evidence %q; want old, once", m.evidence())
	}
}
