package tokens_test

import (
	"slices"
	"strings"
	"testing"

	"ctxlab/core/internal/testfake"
	"ctxlab/core/internal/testtext"
	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
)

// TestSplitIntoChunksMatchesArticle: the expected chunks were produced by
// the article's split_into_chunks with count_tokens = len(text.split()).
func TestSplitIntoChunksMatchesArticle(t *testing.T) {
	tests := []struct {
		name string
		text string
		max  int
		want []string
	}{
		{"packs paragraphs", "one two three\n\nfour five\n\nsix seven eight nine\n\nten", 5,
			[]string{"one two three\n\nfour five", "six seven eight nine\n\nten"}},
		{"check without separator lets a chunk exceed", "a b\n\nc d", 3, []string{"a b\n\nc d"}},
		{"whitespace-only chunk is flushed as empty", "  \n\nx y z", 2, []string{"", "x y z"}},
		{"oversized paragraph stands alone", "alpha beta gamma delta epsilon zeta eta\n\nshort one\n\nanother short", 4,
			[]string{"alpha beta gamma delta epsilon zeta eta", "short one\n\nanother short"}},
		{"blank paragraphs and odd newlines", "\n\n\n\nfirst para here\n\n\nsecond\n\n", 3, []string{"first para here", "second"}},
		{"empty", "", 10, nil},
		{"whitespace", "   ", 10, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tokens.SplitIntoChunks(tt.text, tt.max, testfake.Words{})
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func nonSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if pycompat.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// FuzzSplitIntoChunks checks what split_into_chunks promises: no content
// is lost or reordered, and a chunk holding more than one paragraph is
// within the limit, give or take what the article's separator-less check
// undercounts (one word with a word count, two tokens with the 1.3
// heuristic's rounding).
func FuzzSplitIntoChunks(f *testing.F) {
	f.Add("one two three\n\nfour five\n\nsix seven eight nine\n\nten", 5)
	f.Add("  \n\nx y z", 2)
	f.Add("a\n\n\n\n\nb c\n\n d", 1)
	f.Add("ünïcödé wörds\u00a0here\n\n\x1ctab\tseparated", 3)
	f.Add("\xc4 \n\n   \x880000000000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 00", 25)
	f.Fuzz(func(t *testing.T, text string, max int) {
		if max < 0 || max > 1000 {
			return
		}
		for _, tc := range []struct {
			tok   tokens.Tokenizer
			slack int
		}{{testfake.Words{}, 1}, {tokens.Heuristic{}, 2}} {
			chunks := tokens.SplitIntoChunks(text, max, tc.tok)
			// Chunks are compared one by one: joined, two invalid bytes
			// from different chunks could form one valid rune.
			var got strings.Builder
			for _, c := range chunks {
				got.WriteString(nonSpace(c))
			}
			if got, want := got.String(), nonSpace(text); got != want {
				t.Fatalf("%s: content changed: %q -> %q", tc.tok.Name(), want, got)
			}
			for _, c := range chunks {
				if c != strings.TrimFunc(c, pycompat.IsSpace) {
					t.Fatalf("chunk %q is not stripped", c)
				}
				if strings.Contains(c, "\n\n") && tc.tok.Count(c) > max+tc.slack {
					t.Fatalf("%s: multi-paragraph chunk of %d tokens over limit %d: %q", tc.tok.Name(), tc.tok.Count(c), max, c)
				}
			}
			for i, c := range chunks {
				if c == "" && i == len(chunks)-1 {
					t.Fatalf("trailing empty chunk in %q", chunks)
				}
			}
		}
	})
}

func BenchmarkSplitIntoChunks(b *testing.B) {
	doc := testtext.LongDoc(400, 120) // ~48k words
	for b.Loop() {
		tokens.SplitIntoChunks(doc, 4000, tokens.Heuristic{})
	}
}
