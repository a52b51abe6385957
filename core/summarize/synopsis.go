package summarize

import (
	"strings"
	"unicode"

	"ctxlab/core/pycompat"
)

// synopsisMaxWords caps a synopsis: one sentence, not a paragraph.
const synopsisMaxWords = 30

// Synopsis returns a one-sentence extractive synopsis of text: its first
// sentence of at least four words (or its first sentence when none is that
// long), whitespace collapsed, cut at 30 words with an ellipsis. Markdown
// heading marks are dropped. It is deterministic and needs no model.
func Synopsis(text string) string {
	sentences := splitSentences(text)
	if len(sentences) == 0 {
		return ""
	}
	chosen := sentences[0]
	for _, s := range sentences {
		if hasFields(s, 4) {
			chosen = s
			break
		}
	}
	// Its first words only: a "sentence" may be a 50 MB line, whose
	// every word listed took two and a half times its size.
	words := pycompat.Split(chosen[:pycompat.WordsEnd(chosen, synopsisMaxWords+1)])
	if len(words) > synopsisMaxWords {
		return strings.Join(words[:synopsisMaxWords], " ") + "…"
	}
	return strings.Join(words, " ")
}

// hasFields reports whether s has at least n words as strings.Fields
// splits it, reading no further than the n-th.
func hasFields(s string, n int) bool {
	inWord := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			inWord = false
		case !inWord:
			inWord = true
			if n--; n == 0 {
				return true
			}
		}
	}
	return n <= 0
}
