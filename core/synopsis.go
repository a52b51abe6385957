package core

import (
	"strings"
	"unicode"
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
	words := pySplit(chosen)
	if len(words) > synopsisMaxWords {
		return strings.Join(words[:synopsisMaxWords], " ") + "…"
	}
	return strings.Join(words, " ")
}

// splitSentences breaks text at sentence ends (. ! ? followed by space)
// and at line breaks, dropping markdown heading and list marks.
func splitSentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimLeft(strings.TrimSpace(line), "#>*- ")
		start := 0
		runes := []rune(line)
		for i, r := range runes {
			if (r == '.' || r == '!' || r == '?') && (i+1 == len(runes) || unicode.IsSpace(runes[i+1])) {
				if s := strings.TrimSpace(string(runes[start : i+1])); s != "" {
					out = append(out, s)
				}
				start = i + 1
			}
		}
		if s := strings.TrimSpace(string(runes[start:])); s != "" {
			out = append(out, s)
		}
	}
	return out
}
