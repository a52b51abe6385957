package pycompat

import (
	"slices"
	"testing"
)

// wordsTexts cross ASCII, Unicode and information-separator whitespace.
var wordsTexts = []string{
	"",
	"   ",
	"one",
	"  one two  three ",
	"a\u00a0b\u2003c\x1cd\x1fe",
	"tab\tnew\nline\r\n end",
	"日本語 テキスト\u3000全角",
}

// TestWordsEnd holds WordsEnd to its promise: the text up to it splits
// into Split's first n words, for every n, across ASCII, Unicode and
// information-separator whitespace.
func TestWordsEnd(t *testing.T) {
	for _, text := range wordsTexts {
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

// TestWordsStart holds WordsStart to its promise: the text from it
// splits into Split's last n words, for every n, on the same texts.
func TestWordsStart(t *testing.T) {
	for _, text := range wordsTexts {
		checkWordsStart(t, text)
	}
}

// FuzzWordsStart checks WordsStart against Split on any bytes, invalid
// UTF-8 among them: reading backwards must find the words reading
// forwards finds.
func FuzzWordsStart(f *testing.F) {
	for _, text := range wordsTexts {
		f.Add(text)
	}
	f.Add("\xe6\xbc a\x80\xc2\xa0b \xe2\x80\xc2\xa0 c\xf0\x9f")
	f.Fuzz(func(t *testing.T, text string) { checkWordsStart(t, text) })
}

func checkWordsStart(t *testing.T, text string) {
	t.Helper()
	words := Split(text)
	for n := 0; n <= len(words)+2; n++ {
		start := WordsStart(text, n)
		got := Split(text[start:])
		want := words[len(words)-min(n, len(words)):]
		if !slices.Equal(got, want) {
			t.Fatalf("WordsStart(%q, %d) = %d: %q, want %q", text, n, start, got, want)
		}
	}
}
