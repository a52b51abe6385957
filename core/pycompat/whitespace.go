package pycompat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsSpace reports whether r is whitespace as Python's str.split() and the
// regular expression \s see it: Go's unicode.IsSpace plus the four
// information separators U+001C..U+001F, which Python treats as whitespace
// and Go does not.
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// Split splits text on runs of whitespace the way Python's str.split()
// with no arguments does: no empty fields, leading and trailing whitespace
// ignored.
func Split(text string) []string {
	return strings.FieldsFunc(text, IsSpace)
}

// WordCount counts the fields Split would return without allocating
// them; the heuristic tokenizer runs it on every document, so ASCII, most
// of any text, is tested by a table rather than unicode.IsSpace.
func WordCount(text string) int {
	count := 0
	inWord := false
	for i := 0; i < len(text); {
		var space bool
		if b := text[i]; b < utf8.RuneSelf {
			space = asciiSpace[b]
			i++
		} else {
			// An invalid byte decodes as U+FFFD, as ranging over the
			// string does: a letter, not a space.
			r, size := utf8.DecodeRuneInString(text[i:])
			space = IsSpace(r)
			i += size
		}
		if space {
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

// asciiSpace marks the ASCII bytes IsSpace calls whitespace.
var asciiSpace = func() (t [utf8.RuneSelf]bool) {
	for b := range t {
		t[b] = IsSpace(rune(b))
	}
	return t
}()

// CollapseWhitespace replaces every run of whitespace with a single space,
// like Python's re.sub(r"\s+", " ", text). Leading and trailing runs become
// one space too; nothing is trimmed.
func CollapseWhitespace(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	inSpace := false
	for _, r := range text {
		if IsSpace(r) {
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
