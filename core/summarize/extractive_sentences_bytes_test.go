package summarize

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"ctxlab/internal/alloctest"
)

// splitSentencesRunes is splitSentences reading every line as runes,
// as it did before it read lines where they lie: the oracle for that
// reading (the judgment of a token, abbreviationAt, is shared).
func splitSentencesRunes(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		runes := []rune(strings.TrimLeft(strings.TrimSpace(line), "#>*- "))
		start := 0
		for i, r := range runes {
			if r != '.' && r != '!' && r != '?' {
				continue
			}
			if i+1 < len(runes) && !unicode.IsSpace(runes[i+1]) {
				continue
			}
			if r == '.' && i+1 < len(runes) && abbreviationStopRunes(runes, start, i) {
				continue
			}
			if s := sentenceText(string(runes[start : i+1])); s != "" {
				out = append(out, s)
			}
			start = i + 1
		}
		if s := sentenceText(string(runes[start:])); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// abbreviationStopRunes is abbreviationStop over runes, as it was.
func abbreviationStopRunes(runes []rune, start, dot int) bool {
	from := dot
	for from > start && !unicode.IsSpace(runes[from-1]) {
		from--
	}
	rest := runes[dot+1:]
	i := 0
	for i < len(rest) && unicode.IsSpace(rest[i]) {
		i++
	}
	j := i
	for j < len(rest) && !unicode.IsSpace(rest[j]) {
		j++
	}
	next := strings.TrimRight(strings.TrimLeft(string(rest[i:j]), `("'[{“‘`), `.,;:!?)]}"'”’`)
	return abbreviationAt(string(runes[from:dot+1]), next, func() bool {
		return strings.TrimSpace(string(runes[start:from])) == ""
	})
}

// TestSplitSentencesInPlaceAsRunes: splitting lines where they lie
// gives the sentences the rune reading gives, over random text of
// abbreviations, initials, list numbers, times, dotted letters, quotes,
// wide and non-ASCII spaces and punctuation.
func TestSplitSentencesInPlaceAsRunes(t *testing.T) {
	parts := []string{"Dr. Okafor", "e.g. a tent", "the U.S. office", "J. R. R. Tolkien", "No. 5", "no. #12", "1. Open the box.",
		"2. Check.", "before 1 p.m. Mountain Time", "at 3 p.m. then", "etc. and more", "Acme Co. Absolutely", "Co. is",
		"I.", "3.5", "v1.2.3", "example.com", "?!", "Really?", "Yes!", " ", "\u00a0", "\u3000", "\t", "\n", "\n- ", "\n# ",
		"“Quoted.” ", "(Paren.) ", "漢字。", "é.", "É. Next", "word", "Word.", "x", ".", "..", ". ", "!", "?", "ü. ", "\u2028"}
	rng := rand.New(rand.NewPCG(11, 4))
	for i := range 20_000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(parts[rng.IntN(len(parts))])
			if rng.IntN(2) == 0 {
				b.WriteByte(' ')
			}
		}
		text := b.String()
		if got, want := splitSentences(text), splitSentencesRunes(text); !slices.Equal(got, want) {
			t.Fatalf("%d: %q:\n got %q\nwant %q", i, text, got, want)
		}
	}
	// Not valid UTF-8: read as runes, replacement characters kept.
	bad := "Ab\xff. Cd."
	if got, want := splitSentences(bad), splitSentencesRunes(bad); !slices.Equal(got, want) || !strings.Contains(got[0], "\uFFFD") {
		t.Fatalf("%q: %q, want %q", bad, got, want)
	}
}

// TestHasFieldsAsStringsFields: hasFields(s, n) is len(strings.Fields(s))
// >= n, over random text of words and spaces of every kind.
func TestHasFieldsAsStringsFields(t *testing.T) {
	parts := []string{"a", "word", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\u0085", "\x1c", "é", "漢"}
	rng := rand.New(rand.NewPCG(2, 8))
	for i := range 5_000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s := b.String()
		for n := 0; n <= 6; n++ {
			if got, want := hasFields(s, n), len(strings.Fields(s)) >= n; got != want {
				t.Fatalf("%d: hasFields(%q, %d) = %v, want %v", i, s, n, got, want)
			}
		}
	}
}

// TestSummaryOfOneHugeSentenceIsBounded: a chunk that is one sentence of
// 8 MB (text without full stops, a log line) is summarized reading only
// its start: what the summarizer allocates stays under the text's size.
// Read whole, its runes, its words and its content words were listed at
// once, several times the text (longdoc --run on one 50 MB paragraph
// took 14.5 times the document).
func TestSummaryOfOneHugeSentenceIsBounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var b strings.Builder
	for b.Len() < 8<<20 {
		for range 3 + rng.IntN(6) {
			b.WriteByte(byte('a' + rng.IntN(26)))
		}
		b.WriteByte(' ')
	}
	text := b.String()
	req := Request{Purpose: PurposeChunk, Text: text}
	var out string
	var err error
	allocated := alloctest.Least(uint64(len(text)), func() {
		out, err = ExtractiveSummarizer{}.Summarize(context.Background(), req)
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocated > uint64(len(text)) {
		t.Errorf("summarizing one sentence of %d bytes allocated %d bytes, want under the text's size", len(text), allocated)
	}
	if out == "" || !strings.HasPrefix(text, strings.TrimSuffix(out, "…")) {
		t.Errorf("the summary %.80q… is not the sentence's start", out)
	}
}
