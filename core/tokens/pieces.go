package tokens

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Piece is a stretch of text a tokenizer reads as one token, or as a few
// when one character spans several (a byte-level BPE splits some runes),
// with their ids; IDs is nil for the heuristic, which has none.
type Piece struct {
	Text string
	IDs  []int
}

// Pieces splits text as tok reads it, so a reader sees why a JSON blob or
// a URL costs what it costs: BPE tokens with their ids; for the
// heuristic, which counts words × 1.3, the words; for any other
// tokenizer, the text whole. The pieces' texts join back to text.
func Pieces(tok Tokenizer, text string) []Piece {
	switch t := tok.(type) {
	case *BPE:
		return bpePieces(t, text)
	case Heuristic:
		return wordPieces(text)
	}
	if text == "" {
		return nil
	}
	return []Piece{{Text: text}}
}

// bpePieces decodes each token on its own; a token that ends inside a
// multi-byte character is joined with the next ones until the bytes form
// whole characters, so no piece shows half a rune.
func bpePieces(b *BPE, text string) []Piece {
	enc := b.load()
	var pieces []Piece
	var pending []byte
	var ids []int
	for _, id := range b.Encode(text) {
		pending = append(pending, enc.decode([]int{id})...)
		ids = append(ids, id)
		if utf8.Valid(pending) {
			pieces = append(pieces, Piece{Text: string(pending), IDs: ids})
			pending, ids = nil, nil
		}
	}
	if len(ids) > 0 {
		pieces = append(pieces, Piece{Text: string(pending), IDs: ids})
	}
	return pieces
}

// wordPieces are the words the heuristic counts, each with the space
// after it.
func wordPieces(text string) []Piece {
	var pieces []Piece
	start := 0
	inSpace := false
	for i, r := range text {
		space := unicode.IsSpace(r)
		if !space && inSpace && i > start {
			pieces = append(pieces, Piece{Text: text[start:i]})
			start = i
		}
		inSpace = space
	}
	if start < len(text) {
		pieces = append(pieces, Piece{Text: text[start:]})
	}
	return pieces
}

// joinPieces is the pieces' text, for tests and callers that check the
// split lost nothing.
func joinPieces(pieces []Piece) string {
	var b strings.Builder
	for _, p := range pieces {
		b.WriteString(p.Text)
	}
	return b.String()
}
