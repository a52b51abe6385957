package summarize

import (
	"strings"

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
		if len(strings.Fields(s)) >= 4 {
			chosen = s
			break
		}
	}
	words := pycompat.Split(chosen)
	if len(words) > synopsisMaxWords {
		return strings.Join(words[:synopsisMaxWords], " ") + "…"
	}
	return strings.Join(words, " ")
}
