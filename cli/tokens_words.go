package cli

import "unicode"

// wordCount is len(strings.Fields(text)) without the slice of words:
// a 50 MB text has millions of them, and the slice alone took twice the
// text's size in memory only to be counted. A word is a run of
// characters unicode.IsSpace does not call space, as for strings.Fields
// (an invalid byte is a character that is not space).
func wordCount(text string) int {
	n, inWord := 0, false
	for _, r := range text {
		space := unicode.IsSpace(r)
		if !space && !inWord {
			n++
		}
		inWord = !space
	}
	return n
}
