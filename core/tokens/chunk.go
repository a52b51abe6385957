package tokens

import (
	"context"
	"strings"

	"ctxlab/core/pycompat"
)

// ChunkParagraphSeparator is what the article splits paragraphs on and
// joins them back with.
const ChunkParagraphSeparator = "\n\n"

// SplitIntoChunks is the article's split_into_chunks: paragraphs (split on
// "\n\n") are added to the current chunk while count(current + para) stays
// within maxTokens, and a chunk is flushed, stripped, when the next
// paragraph would not fit.
//
// It keeps the article's quirks, because the plan shows what the
// reference would send: the check counts current + para without the
// "\n\n" that joins them, so a chunk can exceed maxTokens by the
// separator's tokens (or, under the word heuristic, by the word that the
// missing separator glued together); a paragraph longer than maxTokens
// becomes a chunk of its own, uncut; and a chunk that strips to nothing
// is still flushed when it is followed by a paragraph that does not fit.
func SplitIntoChunks(text string, maxTokens int, tok Tokenizer) []string {
	if tok == nil {
		tok = Heuristic{}
	}
	var chunks []string
	// The current chunk is the paragraphs from start to end joined by
	// their separators, which is text[start:end] itself: a chunk is a
	// part of the text, never a copy of it.
	start, end := 0, 0
	for pStart := 0; ; {
		pEnd := len(text)
		if i := strings.Index(text[pStart:], ChunkParagraphSeparator); i >= 0 {
			pEnd = pStart + i
		}
		current, para := text[start:end], text[pStart:pEnd]
		switch {
		case current != "" && CountOnce(tok, current+para) > maxTokens:
			chunks = append(chunks, chunkStrip(current))
			start, end = pStart, pEnd
		case current != "":
			end = pEnd
		default:
			start, end = pStart, pEnd
		}
		if pEnd == len(text) {
			break
		}
		pStart = pEnd + len(ChunkParagraphSeparator)
	}
	if s := chunkStrip(text[start:end]); s != "" {
		chunks = append(chunks, s)
	}
	return chunks
}

// CountOnce counts a text that will not be counted again, such as a
// paragraph glued to a chunk to see whether it fits, or a prompt in a
// plan: a BPE tokenizer's memo would keep each of them alive, up to
// 64 MiB of text no one asks about again. Its pieces' cache still
// serves the words.
func CountOnce(tok Tokenizer, text string) int {
	if c, ok := tok.(ContextCounter); ok {
		n, _ := c.CountContext(context.Background(), text, nil) // a background context is never done
		return n
	}
	return tok.Count(text)
}

// chunkStrip is Python's str.strip() with no arguments.
func chunkStrip(s string) string {
	return strings.TrimFunc(s, pycompat.IsSpace)
}
