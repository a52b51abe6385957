package tokens

import (
	"strings"
	"unicode/utf8"

	"ctxlab/core/pycompat"
)

// CountJoined is tok.Count(strings.Join(parts, "")) without the joined
// text where it can: a rendering made of a few short pieces around a
// long one (OpenAI's namespace around a tool's 50 MB description) is
// counted on the long piece where it lies, and only the pieces around it
// are copied, so the rendering is never held beside what it was made
// from. The count is the joined text's, always.
//
// A BPE encoding counts the text in stretches cut where its
// pre-tokenizer must end a piece whatever follows (see pieceEndsBetween);
// a long piece with no such place near its ends, one pre-token from end
// to end such as 50 MB of Chinese without punctuation, is joined as
// before. The heuristic counts each piece's words where it lies and
// takes one off where a word runs across two pieces. A piece that is not
// valid UTF-8 (the joined text would decode differently) is joined, and
// tokenizers other than the built-in ones count the joined text.
func CountJoined(tok Tokenizer, parts []string) int {
	for _, p := range parts {
		if !utf8.ValidString(p) {
			return tok.Count(strings.Join(parts, ""))
		}
	}
	switch t := tok.(type) {
	case *BPE:
		n := 0
		for _, stretch := range joinedStretches(parts, joinedLongPart, joinedCutSearch) {
			n += t.Count(stretch)
		}
		return n
	case Heuristic:
		return HeuristicTokens(joinedWords(parts)) // the words are counted, then made tokens
	}
	return tok.Count(strings.Join(parts, ""))
}

// joinedWords is pycompat.WordCount(strings.Join(parts, "")) counted on
// each part where it lies: the parts' words add up to the joined text's
// but where a part ending inside a word meets one starting inside a word,
// two counted words are one. The parts are valid UTF-8, so each rune
// decodes in its part as in the joined text.
func joinedWords(parts []string) int {
	n := 0
	inWord := false // the parts so far end with a rune that is no space
	for _, p := range parts {
		if p == "" {
			continue
		}
		n += pycompat.WordCount(p)
		if first, _ := utf8.DecodeRuneInString(p); inWord && !pycompat.IsSpace(first) {
			n--
		}
		last, _ := utf8.DecodeLastRuneInString(p)
		inWord = !pycompat.IsSpace(last)
	}
	return n
}

// joinedLongPart is the length from which a part is counted where it
// lies rather than copied: as long as the BPE memo's texts remembered by
// their fingerprint (memoPrintBytes), so the memo never keeps a part of
// the caller's text, and the copy saved is worth a stretch of its own.
const joinedLongPart = 2 * memoPrintBytes

// joinedCutSearch is how far from a long part's ends a cut is looked
// for: the bytes copied beside each end at most.
const joinedCutSearch = 64 << 10

// joinedStretches cuts the joined text of parts into stretches whose
// BPE counts add up to its count: the middle of each part of longPart
// bytes or more as it lies, cut within search bytes of its ends, and the
// rest copied into strings of its own between them.
func joinedStretches(parts []string, longPart, search int) []string {
	var stretches []string
	var pending strings.Builder
	for _, p := range parts {
		first, last := -1, -1
		if len(p) >= longPart {
			first = firstSafeCut(p, search)
			last = lastSafeCut(p, len(p)-search)
		}
		if first < 0 || last <= first {
			pending.WriteString(p)
			continue
		}
		pending.WriteString(p[:first])
		stretches = append(stretches, pending.String(), p[first:last])
		pending = strings.Builder{}
		pending.WriteString(p[last:])
	}
	return append(stretches, pending.String())
}

// firstSafeCut is the first place text, valid UTF-8, may be cut: where
// the runes either side end a piece (pieceEndsBetween), at byte limit or
// before; or -1.
func firstSafeCut(text string, limit int) int {
	for i, y := range text {
		if i > limit {
			break
		}
		if i > 0 && pieceEndsBetween(lastRune(text[:i]), y) {
			return i
		}
	}
	return -1
}

// lastSafeCut is the last place text may be cut, as firstSafeCut, at
// byte from or after; or -1.
func lastSafeCut(text string, from int) int {
	y, size := utf8.DecodeLastRuneInString(text)
	for i := len(text) - size; i > 0 && i >= from; i -= size {
		var x rune
		x, size = utf8.DecodeLastRuneInString(text[:i])
		if pieceEndsBetween(x, y) {
			return i
		}
		y = x
	}
	return -1
}

func lastRune(text string) rune {
	r, _ := utf8.DecodeLastRuneInString(text)
	return r
}
