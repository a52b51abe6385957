package summarize

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// splitSentences breaks text into sentences for the extractive
// summarizer and Synopsis: at line breaks (markdown heading, quote and list marks and
// list numbers dropped), and at . ! ? followed by a space, except where a full stop
// ends an abbreviation rather than a sentence (abbreviationStop). A
// sentence cut at "before the 1 p.m." would be kept as a fact and lose
// the cutoff it was about. It is deterministic: the same text always
// splits the same way.
//
// A line is read where it lies, its sentences parts of it: made into
// runes first, one line of 50 MB took four times its size, then its
// sentence as a copy. A line that is not valid UTF-8 is first made
// what that reading made of it, each invalid byte a U+FFFD.
func splitSentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimLeft(strings.TrimSpace(line), "#>*- ")
		if !utf8.ValidString(line) {
			line = string([]rune(line))
		}
		start := 0
		for i := 0; i < len(line); i++ {
			c := line[i] // '.', '!' and '?' are a character each in UTF-8
			if c != '.' && c != '!' && c != '?' {
				continue
			}
			if next, _ := utf8.DecodeRuneInString(line[i+1:]); i+1 < len(line) && !unicode.IsSpace(next) {
				continue // inside a token: 3.5, v1.2.3, example.com, ?!
			}
			if c == '.' && i+1 < len(line) && abbreviationStop(line, start, i) {
				continue
			}
			if s := sentenceText(line[start : i+1]); s != "" {
				out = append(out, s)
			}
			start = i + 1
		}
		if s := sentenceText(line[start:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// sentenceText is a sentence as the summary keeps it: trimmed, and
// without a list number in front ("3. The checklist asks …"), which, like
// a bullet, says where the sentence stood, not what it says.
func sentenceText(s string) string {
	s = strings.TrimSpace(s)
	digits := 0
	for digits < len(s) && digits < 4 && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < 4 && len(s) > digits+1 && (s[digits] == '.' || s[digits] == ')') && (s[digits+1] == ' ' || s[digits+1] == '\t') {
		return strings.TrimSpace(s[digits+1:])
	}
	return s
}

// neverFinal are abbreviations that come before what they qualify, so
// a sentence does not end on them ("Dr. Okafor", "e.g. a tent"), lower
// case and without their final full stop. Dotted abbreviations of single
// letters (U.S., i.e., a.k.a.) are recognised by their shape instead.
var neverFinal = sync.OnceValue(func() map[string]bool { return set(strings.Fields(`mr mrs ms dr prof st vs cf approx`)) })

// finalBeforeCapital are abbreviations that often end a sentence too
// ("Larkspur Outdoor Co. Absolutely, ..."): a sentence ends on them only
// when the next word starts with a capital.
var finalBeforeCapital = sync.OnceValue(func() map[string]bool { return set(strings.Fields(`etc inc ltd co corp jr sr`)) })

// timeZoneWords follow "1 p.m." without starting a sentence.
var timeZoneWords = sync.OnceValue(func() map[string]bool {
	return set(strings.Fields(`time mountain eastern central pacific atlantic alaska hawaii local`))
})

// abbreviationStop reports whether the full stop at line[dot], followed
// by a space, ends an abbreviation, a number or an initial inside the
// sentence that began at line[start], rather than the sentence:
//
//	Dr. Okafor, Mr. and Mrs. Lee, St. Paul, cats vs. dogs   titles and the like, always
//	e.g. a tent, i.e. one, the U.S. office, a.k.a. Sam     letters with dots, always
//	J. Smith, J. R. R. Tolkien                             an initial: one capital but I
//	No. 5, no. #12                                         "no." before a number
//	1. Open the box. 2. Check the poles.                   a list number opening a sentence
//	before 1 p.m. Mountain Time                            a.m./p.m. before a time zone or a lower-case word
//	tents, stoves, etc. and more; Acme Co. is              etc., Co., Inc. ... before a lower-case word
func abbreviationStop(line string, start, dot int) bool {
	from := dot
	for from > start {
		r, size := utf8.DecodeLastRuneInString(line[start:from])
		if unicode.IsSpace(r) {
			break
		}
		from -= size
	}
	return abbreviationAt(line[from:dot+1], nextWord(line[dot+1:]), func() bool {
		return strings.TrimSpace(line[start:from]) == ""
	})
}

// abbreviationAt is abbreviationStop's judgment of the token ending in
// the full stop (tokenText, from the space before it), given the word
// after it and whether the token opens its sentence.
func abbreviationAt(tokenText, next string, opensSentence func() bool) bool {
	token := strings.TrimLeft(tokenText, `("'[{“‘`)
	word := strings.ToLower(strings.TrimSuffix(token, "."))
	first, _ := utf8.DecodeRuneInString(next)
	nextStartsUpper := unicode.IsUpper(first)
	switch {
	case word == "":
		return false
	case word == "a.m" || word == "p.m":
		return !nextStartsUpper || isTimeZone(next)
	case neverFinal()[word] || dottedLetters(word):
		return true
	case utf8.RuneCountInString(token) == 2 && unicode.IsUpper(first0(token)) && token != "I.":
		return true // an initial; "I." is the pronoun ending a sentence
	case word == "no":
		return next != "" && (next[0] == '#' || next[0] >= '0' && next[0] <= '9')
	case allDigits(word) && len(word) <= 3:
		// "1. Open the box. 2. Check …": a list number, the sentence's
		// first token.
		return opensSentence()
	case finalBeforeCapital()[word]:
		return !nextStartsUpper
	}
	return false
}

// dottedLetters: single letters each followed by a dot, the last dot
// already removed: "e.g", "u.s", "a.k.a".
func dottedLetters(word string) bool {
	parts := strings.Split(word, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if r := []rune(p); len(r) != 1 || !unicode.IsLetter(r[0]) {
			return false
		}
	}
	return true
}

// nextWord is the word after a full stop, opening quotes and brackets
// dropped from its front and punctuation from its end.
func nextWord(rest string) string {
	rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
	if j := strings.IndexFunc(rest, unicode.IsSpace); j >= 0 {
		rest = rest[:j]
	}
	return strings.TrimRight(strings.TrimLeft(rest, `("'[{“‘`), `.,;:!?)]}"'”’`)
}

// first0 is a string's first rune.
func first0(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// isTimeZone: Mountain, Eastern Time, ET, PST, UTC, CEST.
func isTimeZone(word string) bool {
	if timeZoneWords()[strings.ToLower(word)] {
		return true
	}
	if n := len(word); n < 2 || n > 5 {
		return false
	}
	for _, r := range word {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}
