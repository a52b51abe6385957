package core

import (
	"strings"
	"unicode"
)

// isPySpace reports whether r is whitespace as Python's str.split() and the
// regular expression \s see it: Go's unicode.IsSpace plus the four
// information separators U+001C..U+001F, which Python treats as whitespace
// and Go does not.
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// pySplit splits text on runs of whitespace the way Python's str.split()
// with no arguments does: no empty fields, leading and trailing whitespace
// ignored.
func pySplit(text string) []string {
	return strings.FieldsFunc(text, isPySpace)
}

// pyWordCount counts the fields pySplit would return without allocating
// them; the heuristic tokenizer runs it on every document.
func pyWordCount(text string) int {
	count := 0
	inWord := false
	for _, r := range text {
		if isPySpace(r) {
			inWord = false
			continue
		}
		if !inWord {
			count++
			inWord = true
		}
	}
	return count
}

// collapseWhitespace replaces every run of whitespace with a single space,
// like Python's re.sub(r"\s+", " ", text). Leading and trailing runs become
// one space too; nothing is trimmed.
func collapseWhitespace(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	inSpace := false
	for _, r := range text {
		if isPySpace(r) {
			if !inSpace {
				b.WriteByte(' ')
				inSpace = true
			}
			continue
		}
		inSpace = false
		b.WriteRune(r)
	}
	return b.String()
}
