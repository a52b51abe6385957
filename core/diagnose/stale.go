package diagnose

import (
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// archiveWords in a source path mark a copy kept for the record rather
// than the one in force.
var archiveWords = map[string]bool{
	"archive": true, "archived": true, "archives": true, "old": true, "deprecated": true,
	"legacy": true, "outdated": true, "obsolete": true, "superseded": true,
}

// ProbablyStale says which of two sources of similar texts looks like the
// outdated copy, from their paths alone: the one filed under an archive
// word (archive, old, deprecated, ...), else the lower version (v1 beside
// v3), else the one dated with a year the other lacks, or the older
// year. It returns 0 for a, 1 for b, -1 when the paths do not tell, and
// the words that gave it away ("archive, 2025"). A path is a hint, not a
// proof: the findings say "probably".
func ProbablyStale(a, b string) (int, string) {
	pa, pb := pathMarks(a), pathMarks(b)
	switch {
	case len(pa.archive) > 0 && len(pb.archive) == 0:
		return 0, pa.evidence()
	case len(pb.archive) > 0 && len(pa.archive) == 0:
		return 1, pb.evidence()
	case pa.version >= 0 && pb.version >= 0 && pa.version != pb.version:
		if pa.version < pb.version {
			return 0, "v" + strconv.Itoa(pa.version) + " beside v" + strconv.Itoa(pb.version)
		}
		return 1, "v" + strconv.Itoa(pb.version) + " beside v" + strconv.Itoa(pa.version)
	case pa.year > 0 && (pb.year == 0 || pa.year < pb.year):
		return 0, pa.evidence()
	case pb.year > 0 && (pa.year == 0 || pb.year < pa.year):
		return 1, pb.evidence()
	}
	return -1, ""
}

// marks are what a source path says about its age.
type marks struct {
	archive []string
	year    int // a year from 1990 to 2099 in the path, 0 when none
	version int // N of a "vN" part, -1 when none
}

func (m marks) evidence() string {
	words := append([]string(nil), m.archive...)
	if m.year > 0 {
		words = append(words, strconv.Itoa(m.year))
	}
	return strings.Join(words, ", ")
}

// pathMarks splits a source at every character that is not a letter or
// a digit and reads its parts. Each part is lower-cased alone, and only
// when it is short enough to be a mark: a source may be as long as a
// document, and lower-casing it, then slicing it into its words, took
// 160 MB for a 4 MB source on every pair the findings compared. An
// archive word is listed once however often the path repeats it.
func pathMarks(source string) marks {
	m := marks{version: -1}
	for part := range pathParts(source) {
		if len(part) > longestMarkBytes {
			continue
		}
		p := strings.ToLower(part)
		if archiveWords[p] {
			if !slices.Contains(m.archive, p) {
				m.archive = append(m.archive, p)
			}
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

// longestMarkBytes bounds the parts pathMarks reads: a mark is at most
// ten bytes lower-cased (an archive word, a year, "v" and six digits),
// and no upper-case letter takes more than three times the bytes of its
// lower case (the Kelvin sign), so a longer part is none.
const longestMarkBytes = 3 * 10

// pathParts yields the runs of letters and digits of source, as
// strings.FieldsFunc splits it, without a slice of them all.
func pathParts(source string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i, r := range source {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 {
				if !yield(source[start:i]) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield(source[start:])
		}
	}
}

// digits reads a short run of ASCII digits (a year, a version); anything
// else is not one. strconv.Atoi would allocate an error for every word
// of every path.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
