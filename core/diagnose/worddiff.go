package diagnose

import (
	"strings"
	"unicode"
)

// maxDiffWords bounds the word diff's quadratic table: two documents of
// this many words cost 4 million cells; longer ones are not diffed.
const maxDiffWords = 2_000

// maxConflictHunks is how many differing facts a finding quotes: enough
// to show the point, short enough for one line.
const maxConflictHunks = 3

// maxNegationHunkWords: an inserted or deleted run this short that holds
// a negation flips a statement ("are refundable" → "are not
// refundable"); a longer one adds or removes a sentence, which is missing
// information rather than a contradiction.
const maxNegationHunkWords = 3

// hunk is one run of words that differ between two texts, with the
// common word after it (and before it, when one side is empty) as context.
type hunk struct {
	from, to []string
}

func (h hunk) String() string {
	return strings.Join(h.from, " ") + " → " + strings.Join(h.to, " ")
}

// conflictingHunks returns the differences between a and b that change a
// fact: a number, a date or a negation. ok is false when the texts were
// too long to diff.
func conflictingHunks(a, b string) (conflicts []hunk, ok bool) {
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) > maxDiffWords || len(wb) > maxDiffWords {
		return nil, false
	}
	for _, h := range wordHunks(wa, wb) {
		if isFactChange(h) {
			conflicts = append(conflicts, h)
		}
	}
	return conflicts, true
}

// wordHunks diffs two word lists by their longest common subsequence
// (words compared without case and surrounding punctuation) and returns
// the differing runs with a word of context.
func wordHunks(a, b []string) []hunk {
	ka, kb := diffKeys(a), diffKeys(b)
	// lcs[i][j] is the LCS length of ka[i:] and kb[j:].
	lcs := make([][]int, len(ka)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(kb)+1)
	}
	for i := len(ka) - 1; i >= 0; i-- {
		for j := len(kb) - 1; j >= 0; j-- {
			if ka[i] == kb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var hunks []hunk
	i, j := 0, 0
	for i < len(ka) || j < len(kb) {
		if i < len(ka) && j < len(kb) && ka[i] == kb[j] {
			i, j = i+1, j+1
			continue
		}
		si, sj := i, j
		for (i < len(ka) || j < len(kb)) && !(i < len(ka) && j < len(kb) && ka[i] == kb[j]) {
			if j >= len(kb) || (i < len(ka) && lcs[i+1][j] >= lcs[i][j+1]) {
				i++
			} else {
				j++
			}
		}
		h := hunk{from: append([]string(nil), a[si:i]...), to: append([]string(nil), b[sj:j]...)}
		if (len(h.from) == 0 || len(h.to) == 0) && si > 0 && sj > 0 {
			h.from = append([]string{a[si-1]}, h.from...)
			h.to = append([]string{b[sj-1]}, h.to...)
		}
		if i < len(a) && j < len(b) {
			h.from = append(h.from, a[i])
			h.to = append(h.to, b[j])
		}
		hunks = append(hunks, h)
	}
	return hunks
}

func diffKeys(words []string) []string {
	keys := make([]string, len(words))
	for i, w := range words {
		keys[i] = strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) }))
	}
	return keys
}

// isFactChange reports whether a hunk changes a number, a date or a
// negation: words replaced where one of them is such a word, or a short
// run inserted or deleted that holds a negation.
func isFactChange(h hunk) bool {
	removed, added := wordsOnlyIn(h.from, h.to), wordsOnlyIn(h.to, h.from)
	if len(removed) > 0 && len(added) > 0 {
		for _, w := range append(removed, added...) {
			if isNumeric(w) || isDateWord(w) || isNegation(w) {
				return true
			}
		}
		return false
	}
	changed := append(removed, added...)
	if len(changed) > maxNegationHunkWords {
		return false
	}
	for _, w := range changed {
		if isNegation(w) {
			return true
		}
	}
	return false
}

// wordsOnlyIn are the words (as diff keys) of a that b lacks, counting
// repeats.
func wordsOnlyIn(a, b []string) []string {
	have := map[string]int{}
	for _, k := range diffKeys(b) {
		have[k]++
	}
	var out []string
	for _, k := range diffKeys(a) {
		if have[k] > 0 {
			have[k]--
			continue
		}
		out = append(out, k)
	}
	return out
}

func isNumeric(w string) bool {
	for _, r := range w {
		if unicode.IsDigit(r) {
			return true
		}
	}
	return numberWords[w]
}

var numberWords = map[string]bool{
	"one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true,
	"eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true, "fifteen": true,
	"twenty": true, "thirty": true, "forty": true, "fifty": true, "sixty": true, "ninety": true,
	"hundred": true, "thousand": true, "half": true, "double": true, "twice": true,
}

func isDateWord(w string) bool { return dateWords[w] }

var dateWords = map[string]bool{
	"january": true, "february": true, "march": true, "april": true, "june": true,
	"july": true, "august": true, "september": true, "october": true, "november": true, "december": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true,
	"saturday": true, "sunday": true, "yesterday": true, "today": true, "tomorrow": true,
}

func isNegation(w string) bool { return negations[w] }

var negations = map[string]bool{
	"not": true, "no": true, "never": true, "none": true, "nothing": true, "nobody": true,
	"neither": true, "nor": true, "without": true, "cannot": true, "can't": true, "won't": true,
	"don't": true, "doesn't": true, "didn't": true, "isn't": true, "aren't": true, "wasn't": true,
	"weren't": true, "shouldn't": true, "mustn't": true, "non": true, "except": true,
}

// quoteHunks writes up to maxConflictHunks distinct hunks, "; " between
// them: a figure changed in several places reads once.
func quoteHunks(hs []hunk) string {
	parts := make([]string, 0, maxConflictHunks)
	seen := map[string]bool{}
	for _, h := range hs {
		text := h.String()
		if seen[text] {
			continue
		}
		seen[text] = true
		if len(parts) == maxConflictHunks {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, text)
	}
	return strings.Join(parts, "; ")
}
