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
// The text is counted in stretches cut where a piece ends with an ASCII
// lowercase letter followed by a space and another ASCII lowercase
// letter ("a| b", see safeCutAt); a long piece with no such place near
// its ends, or a piece that is not valid UTF-8 (the joined text would
// decode differently), is joined as before. Tokenizers other than the
// built-in ones count the joined text.
func CountJoined(tok Tokenizer, parts []string) int {
	var count func(string) int
	switch t := tok.(type) {
	case *BPE:
		count = t.Count
	case Heuristic:
		count = pycompat.WordCount
	default:
		return tok.Count(strings.Join(parts, ""))
	}
	for _, p := range parts {
		if !utf8.ValidString(p) {
			return tok.Count(strings.Join(parts, ""))
		}
	}
	n := 0
	for _, stretch := range joinedStretches(parts, joinedLongPart, joinedCutSearch) {
		n += count(stretch)
	}
	if _, ok := tok.(Heuristic); ok {
		return HeuristicTokens(n) // the words were counted, not tokens
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
// counts add up to its count: the middle of each part of longPart bytes
// or more as it lies, cut within search bytes of its ends, and the rest
// copied into strings of its own between them.
func joinedStretches(parts []string, longPart, search int) []string {
	var stretches []string
	var pending strings.Builder
	for _, p := range parts {
		first, last := -1, -1
		if len(p) >= longPart {
			first = firstSafeCut(p[:min(search, len(p))])
			last = lastSafeCut(p[max(0, len(p)-search):])
			if last >= 0 {
				last += max(0, len(p)-search)
			}
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

// safeCutAt reports whether text may be cut before byte i with the
// counts of the two sides adding up to the whole's: text[i-1] is an
// ASCII lowercase letter, text[i] a space and text[i+1] an ASCII
// lowercase letter.
//
// Why the BPE counts add up: each encoding's pre-tokenizer (splitter)
// reads a piece from its start forward only, so the pieces of text[i:]
// are the whole's from i on once a piece of the whole ends at i; and one
// does: the letter at i-1 can only be in a word piece (a run of letters,
// with an optional prefix and, after it, a contraction such as "'s"),
// which ends at the first byte that is not a letter, the space at i,
// with no contraction after it since none starts with a space. No piece
// before i reads past i-1 to decide where it ends: only a word piece
// reads a letter, and it stops at i, where the cut text's end stops it
// the same way (neither the end nor a space is a letter or an
// apostrophe). The merges are made within pieces, so equal pieces are
// equal tokens. For the heuristic's words the cut falls between a
// letter and a space, inside no word. TestCountJoinedEqualsCount checks
// this on random texts cut at random.
func safeCutAt(text string, i int) bool {
	return i >= 1 && i+1 < len(text) && isASCIILower(text[i-1]) && text[i] == ' ' && isASCIILower(text[i+1])
}

func isASCIILower(b byte) bool { return 'a' <= b && b <= 'z' }

// firstSafeCut is the first place text may be cut (safeCutAt), or -1.
func firstSafeCut(text string) int {
	for i := strings.IndexByte(text, ' '); i >= 0; {
		if safeCutAt(text, i) {
			return i
		}
		next := strings.IndexByte(text[i+1:], ' ')
		if next < 0 {
			return -1
		}
		i += 1 + next
	}
	return -1
}

// lastSafeCut is the last place text may be cut (safeCutAt), or -1.
func lastSafeCut(text string) int {
	for i := strings.LastIndexByte(text, ' '); i >= 0; i = strings.LastIndexByte(text[:i], ' ') {
		if safeCutAt(text, i) {
			return i
		}
	}
	return -1
}
