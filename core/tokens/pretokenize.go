package tokens

import (
	"unicode"
	"unicode/utf8"
)

// A splitter cuts text into the pieces BPE merges within, as the
// encoding's pre-tokenization regular expression does. tiktoken-go runs
// that expression through regexp2, a backtracking engine that costs more
// than the merges; these hand-written matchers try the expression's
// alternatives in its order, with its greedy choices and backtracking, so
// they return the same pieces (FuzzEncodeMatchesTiktoken compares them).
// The text must be valid UTF-8; next returns the end of the piece that
// starts at byte i < len(s), always past i.
type splitter func(s string, i int) int

// at decodes the rune at byte i, or returns size 0 at the end.
func at(s string, i int) (rune, runeClass, int) {
	if i >= len(s) {
		return 0, 0, 0
	}
	if b := s[i]; b < utf8.RuneSelf {
		return rune(b), asciiClasses[b], 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return r, classify(r), size
}

// runOf returns the end of the run of runes from i that have a class in
// want.
func runOf(s string, i int, want runeClass) int {
	for i < len(s) {
		_, c, size := at(s, i)
		if c&want == 0 {
			break
		}
		i += size
	}
	return i
}

// contraction returns the length of (?i:'s|'t|'re|'ve|'m|'ll|'d) at i,
// or 0. regexp2 compares case-insensitively by unicode.ToLower.
func contraction(s string, i int) int {
	if i >= len(s) || s[i] != '\'' {
		return 0
	}
	r1, _, n1 := at(s, i+1)
	switch unicode.ToLower(r1) {
	case 's', 't', 'm', 'd':
		return 1 + n1
	case 'r', 'v':
		if r2, _, n2 := at(s, i+1+n1); unicode.ToLower(r2) == 'e' {
			return 1 + n1 + n2
		}
	case 'l':
		if r2, _, n2 := at(s, i+1+n1); unicode.ToLower(r2) == 'l' {
			return 1 + n1 + n2
		}
	}
	return 0
}

// digits is \p{N}{1,3}, with the first rune already known to be a number.
func digits(s string, i int) int {
	for n := 0; n < 3; n++ {
		_, c, size := at(s, i)
		if c&classNumber == 0 {
			break
		}
		i += size
	}
	return i
}

// punctuationRun is ` ?[^\s\p{L}\p{N}]+` followed by a run of the runes in
// tail ([\r\n]* in cl100k_base, [\r\n/]* in o200k_base), or -1.
func punctuationRun(s string, i int, tail func(rune) bool) int {
	r, c, _ := at(s, i)
	if r == ' ' {
		if _, next, _ := at(s, i+1); next.punctuation() {
			i, c = i+1, next
		}
	}
	if !c.punctuation() {
		return -1
	}
	for {
		_, c, size := at(s, i)
		if size == 0 || !c.punctuation() {
			break
		}
		i += size
	}
	for {
		r, _, size := at(s, i)
		if size == 0 || !tail(r) {
			return i
		}
		i += size
	}
}

func isNewline(r rune) bool        { return r == '\r' || r == '\n' }
func isNewlineOrSlash(r rune) bool { return r == '\r' || r == '\n' || r == '/' }

// whitespace is the last three alternatives of both patterns, for a piece
// that starts with whitespace:
//
//	\s*[\r\n]+  up to and including the run's last newline;
//	\s+(?!\S)   the run, less its last rune when text follows it;
//	\s+         the one-rune run before text.
func whitespace(s string, i int) int {
	end, lastNewline := i, -1
	for end < len(s) {
		r, c, size := at(s, end)
		if c&classSpace == 0 {
			break
		}
		if isNewline(r) {
			lastNewline = end
		}
		end += size
	}
	if lastNewline >= 0 {
		return lastNewline + 1
	}
	if end == len(s) {
		return end
	}
	_, lastSize := utf8.DecodeLastRuneInString(s[:end])
	if end-lastSize > i {
		return end - lastSize
	}
	return end
}

// cl100kNext follows
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	 ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func cl100kNext(s string, i int) int {
	if n := contraction(s, i); n > 0 {
		return i + n
	}
	_, c, size := at(s, i)
	if c&classLetter != 0 {
		return runOf(s, i, classLetter)
	}
	if c.prefixable() {
		if _, next, _ := at(s, i+size); next&classLetter != 0 {
			return runOf(s, i+size, classLetter)
		}
	}
	if c&classNumber != 0 {
		return digits(s, i)
	}
	if end := punctuationRun(s, i, isNewline); end >= 0 {
		return end
	}
	return whitespace(s, i)
}

// o200kNext follows
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
func o200kNext(s string, i int) int {
	_, c, size := at(s, i)
	// The optional prefix is taken first and given back if the rest fails.
	starts := [2]int{i + size, i}
	tries := starts[:]
	if !c.prefixable() {
		tries = starts[1:]
	}
	for _, start := range tries {
		if end := o200kWordLower(s, start); end >= 0 {
			return end + contraction(s, end)
		}
	}
	for _, start := range tries {
		if upperEnd := runOf(s, start, classUpper); upperEnd > start {
			end := runOf(s, upperEnd, classLower)
			return end + contraction(s, end)
		}
	}
	if c&classNumber != 0 {
		return digits(s, i)
	}
	if end := punctuationRun(s, i, isNewlineOrSlash); end >= 0 {
		return end
	}
	return whitespace(s, i)
}

// o200kWordLower is [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+
// from start, or -1: the greedy first run gives back one rune at a time
// until a rune of the second class follows it. The two classes share
// \p{Lm}, \p{Lo} and \p{M}, so the answer is not simply "two runs".
func o200kWordLower(s string, start int) int {
	t := runOf(s, start, classUpper)
	for {
		if _, c, _ := at(s, t); c&classLower != 0 {
			return runOf(s, t, classLower)
		}
		if t == start {
			return -1
		}
		_, size := utf8.DecodeLastRuneInString(s[:t])
		t -= size
	}
}
