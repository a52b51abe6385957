package tokens

// pieceEndsBetween reports whether both encodings' pre-tokenizers
// (cl100kNext, o200kNext, which follow tiktoken's patterns) end a piece
// between the runes x and y wherever they meet, and read nothing past y
// to decide the pieces before it; so a text cut there counts, in BPE
// tokens, as its two sides do. It holds when
//
//   - x is a letter (\p{L}) and y neither a letter, nor a mark (\p{M}),
//     nor an apostrophe: "word| ", "WORD| ", "слово| ", "中文|，", "abc|1",
//     "type|\"";
//   - x is a number (\p{N}) and y is not: "2026| ", "42|a";
//   - x is \r or \n and y neither whitespace (\s) nor a slash: "\n|word".
//
// Why. The splitter reads a piece from its start forward, so from any
// end of a piece on, a text's pieces are those of the text from there.
// The pieces before the cut are the whole's if none of them reads y,
// where the cut text reads its end: a scan reaches y only through a run
// of the class x is in, and stops at y as at the end since y is not in
// it; and the piece holding x ends at the cut:
//
//   - a letter is matched only by a word alternative, a letter run (with
//     o200k_base, upper- then lowercase-class runs; its classes hold the
//     letters and the marks) after an optional prefix that is no letter,
//     or by cl100k_base's contraction ('s, 're...), all letters after
//     the apostrophe. The run stops at y, and the contraction o200k_base
//     may take after a word needs an apostrophe at y; a contraction that
//     reached past x would need a letter at y ('r|e). A prefix is no
//     letter, so y's piece cannot take x as one.
//   - a number is matched only by \p{N}{1,3}, which stops at y; no
//     prefix is a number.
//   - a newline is matched by \s*[\r\n]+, whose run of whitespace stops
//     at y and which gives back all after its last newline, x; or it is
//     the tail of a punctuation piece, [\r\n]* (cl100k_base) or
//     [\r\n/]* (o200k_base), which stops at y. \s+(?!\S) takes no
//     newline last before a rune that is no whitespace, and no prefix is
//     a newline.
//
// Nowhere else is there such a place in general: between two letters,
// two digits or two runs of whitespace the piece runs on (a run of digits
// is cut every three from its start, far away), a punctuation rune may
// be the prefix of the word after it ("，中文" is one o200k_base piece, as
// is " word"), and whitespace before text gives its last rune to the text.
// TestPieceEndsBetweenCutsAsTiktoken checks every such place of random
// texts against tiktoken-go itself.
func pieceEndsBetween(x, y rune) bool {
	cx, cy := classify(x), classify(y)
	switch {
	case cx&classLetter != 0:
		return cy&(classLetter|classUpper|classLower) == 0 && y != '\''
	case cx&classNumber != 0:
		return cy&classNumber == 0
	case cx&classNewline != 0:
		return cy&classSpace == 0 && y != '/'
	}
	return false
}
