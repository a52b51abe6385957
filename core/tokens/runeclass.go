package tokens

import "unicode"

// runeClass is the set of character classes the pre-tokenization
// patterns of cl100k_base and o200k_base test, as bits, so a rune is
// classified once however many alternatives look at it. The classes are
// those of tiktoken-go's regular-expression engine (regexp2): \s is
// unicode.IsSpace, \p{X} is Go's unicode table X.
type runeClass uint8

const (
	classLetter  runeClass = 1 << iota // \p{L}
	classNumber                        // \p{N}
	classSpace                         // \s
	classNewline                       // \r or \n
	// classUpper is o200k_base's [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]: the
	// letters that may open a word.
	classUpper
	// classLower is o200k_base's [\p{Ll}\p{Lm}\p{Lo}\p{M}]: the letters
	// that may continue one.
	classLower
)

// prefixable is [^\r\n\p{L}\p{N}]: the one character a word may carry in
// front of it (a space, a quote, a bracket, a mark).
func (c runeClass) prefixable() bool { return c&(classNewline|classLetter|classNumber) == 0 }

// punctuation is [^\s\p{L}\p{N}].
func (c runeClass) punctuation() bool { return c&(classSpace|classLetter|classNumber) == 0 }

// asciiClasses answers the common case with one load.
var asciiClasses = func() (t [128]runeClass) {
	for r := rune(0); r < 128; r++ {
		t[r] = classifySlow(r)
	}
	return t
}()

func classify(r rune) runeClass {
	if r < 128 {
		return asciiClasses[r]
	}
	return classifySlow(r)
}

// classifySlow tests the tables in the order that settles the most
// frequent non-ASCII text (lowercase and other letters) soonest.
func classifySlow(r rune) runeClass {
	var c runeClass
	switch {
	case unicode.Is(unicode.Ll, r):
		return classLetter | classLower
	case unicode.Is(unicode.Lo, r), unicode.Is(unicode.Lm, r):
		return classLetter | classUpper | classLower
	case unicode.Is(unicode.Lu, r), unicode.Is(unicode.Lt, r):
		return classLetter | classUpper
	case unicode.Is(unicode.M, r):
		c = classUpper | classLower
	case unicode.Is(unicode.N, r):
		c = classNumber
	}
	if unicode.IsSpace(r) {
		c |= classSpace
	}
	if r == '\r' || r == '\n' {
		c |= classNewline
	}
	return c
}
