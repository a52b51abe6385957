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

// WordsEnd is the byte offset just after text's n-th word, as Split
// sees words: after the last word when there are fewer, 0 when n is 0 or
// there are none. text[:WordsEnd(text, n)] splits into Split(text)[:n]
// without splitting the rest, so cutting a huge document to its first
// words never holds a string header for every word of it.
func WordsEnd(text string, n int) int {
	if n <= 0 {
		return 0
	}
	count, end, inWord := 0, 0, false
	for i, r := range text {
		if IsSpace(r) {
			if inWord {
				end, inWord = i, false
				if count == n {
					return end
				}
			}
			continue
		}
		if !inWord {
			count, inWord = count+1, true
		}
	}
	if inWord {
		end = len(text)
	}
	return end
}

// WordsStart is the byte offset where text's last n words begin, as Split
// sees words: 0 when there are fewer, len(text) when n is 0 or there are
// none. text[WordsStart(text, n):] splits into the last n of Split(text)
// without splitting the rest, so keeping a huge message's last words
// never holds a string header for every word of it.
func WordsStart(text string, n int) int {
	if n <= 0 {
		return len(text)
	}
	count, start, inWord := 0, len(text), false
	for i := len(text); i > 0; {
		r, size := utf8.DecodeLastRuneInString(text[:i])
		i -= size
		if IsSpace(r) {
			if inWord {
				inWord = false
				if count == n {
					return start
				}
			}
			continue
		}
		if !inWord {
			count, inWord = count+1, true
		}
		start = i
	}
	if inWord {
		return 0
	}
	return start
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
