package pycompat

import (
	"slices"
	"testing"
)

// TestWordsEnd holds WordsEnd to its promise: the text up to it splits
// into Split's first n words, for every n, across ASCII, Unicode and
// information-separator whitespace.
func TestWordsEnd(t *testing.T) {
	texts := []string{
		"",
		"   ",
		"one",
		"  one two  three ",
		"a\u00a0b\u2003c\x1cd\x1fe",
		"tab\tnew\nline\r\n end",
		"日本語 テキスト\u3000全角",
	}
	for _, text := range texts {
		words := Split(text)
		for n := 0; n <= len(words)+2; n++ {
			end := WordsEnd(text, n)
			got := Split(text[:end])
			want := words[:min(n, len(words))]
			if !slices.Equal(got, want) {
				t.Errorf("WordsEnd(%q, %d) = %d: %q, want %q", text, n, end, got, want)
			}
			if n > 0 && len(want) > 0 && !isWordEnd(text, end) {
				t.Errorf("WordsEnd(%q, %d) = %d is not just after a word", text, n, end)
			}
		}
	}
}

func isWordEnd(text string, end int) bool {
	if end == len(text) {
		return true
	}
	for _, r := range text[end:] {
		return IsSpace(r)
	}
	return false
}
