package tokens

import (
	"context"
	"unicode/utf8"
)

// encoding is a BPE encoding ready to use: its vocabulary, its
// pre-tokenization, and the counts of the pieces it has merged.
type encoding struct {
	vocabulary
	next   splitter
	pieces *pieceCache
}

// validText is text as tiktoken-go sees it: it reads a string as runes,
// so each byte of an invalid sequence becomes U+FFFD.
func validText(text string) string {
	if utf8.ValidString(text) {
		return text
	}
	return string([]rune(text))
}

// count is len(encode(text)) without building the token list.
func (e *encoding) count(text string) int {
	text = validText(text)
	n := 0
	for i := 0; i < len(text); {
		end := e.next(text, i)
		piece := text[i:end]
		i = end
		if e.ranks.has(piece) {
			n++
			continue
		}
		n += e.pieces.count(piece, e.countMerged)
	}
	return n
}

// countStep is how much text countContext reads between two looks at its
// context: often enough to stop within milliseconds, seldom enough to cost
// nothing.
const countStep = 64 << 10

// countContext is count for a text so long that a caller may stop it and
// wants to hear how far it got: done is called with the bytes read so far,
// every countStep bytes or so, inside one long piece too (50 MB of ACGT
// is one piece and takes seconds).
func (e *encoding) countContext(ctx context.Context, text string, done func(bytes int)) (int, error) {
	text = validText(text)
	n, checked := 0, 0
	var err error
	// step looks at ctx (false once it is done) and reports the bytes
	// read so far. Only new ground is reported: a long piece whose
	// backtrack falls back to dpCount reads its start again.
	step := func(read int) bool {
		if err = ctx.Err(); err != nil {
			return false
		}
		if read > checked {
			checked = read
			if done != nil {
				done(read)
			}
		}
		return true
	}
	for i := 0; i < len(text); {
		if i-checked >= countStep && !step(i) {
			return 0, err
		}
		end := e.next(text, i)
		piece := text[i:end]
		start := i
		i = end
		if e.ranks.has(piece) {
			n++
			continue
		}
		if len(piece) < backtrackPieceBytes {
			n += e.pieces.count(piece, e.countMerged)
			continue
		}
		c, ok := e.pieces.long.count(piece, func(piece string) (int, bool) {
			return e.countLong(piece, func(pos int) bool { return step(start + pos) })
		})
		if !ok {
			return 0, err
		}
		n += c
	}
	return n, nil
}

func (e *encoding) countMerged(piece string) int {
	if len(piece) >= backtrackPieceBytes {
		n, _ := e.countLong(piece, nil) // nothing to stop it: always ok
		return n
	}
	n := 0
	bytePairMerge(piece, e.ranks, e.maxLen, func(string) { n++ })
	return n
}

// encode returns text's token ids. Special-token text is ordinary text.
func (e *encoding) encode(text string) []int { return e.encodeUpTo(text, len(text)) }

// encodeUpTo is encode stopped once it has at least limit ids. Pieces are
// split left to right and merged each on its own, so these are the first
// ids of the whole text's: a cut that keeps the start of a 50 MB document
// encodes only the start.
func (e *encoding) encodeUpTo(text string, limit int) []int {
	text = validText(text)
	ids := make([]int, 0, min(len(text)/4, limit)+1)
	for i := 0; i < len(text) && len(ids) < limit; {
		end := e.next(text, i)
		piece := text[i:end]
		i = end
		if id, ok := e.ranks.rank(piece); ok {
			ids = append(ids, id)
			continue
		}
		e.splitPiece(piece, func(token string) bool {
			id, _ := e.ranks.rank(token)
			ids = append(ids, id)
			return len(ids) < limit
		})
	}
	return ids
}

// decode joins the tokens' bytes; a cut inside a character leaves partial
// bytes at the ends, which the caller trims.
func (e *encoding) decode(ids []int) string {
	size := 0
	for _, id := range ids {
		size += len(e.ranks.token(id))
	}
	out := make([]byte, 0, size)
	for _, id := range ids {
		out = append(out, e.ranks.token(id)...)
	}
	return string(out)
}
