package diagnose

import (
	"strings"
	"unicode"
)

// maxDiffCells bounds one word diff's table after the common start and
// end are set aside: two versions that differ in a few places leave a
// small middle; 100,000 cells (two 316-word middles) is well under a
// millisecond, and a pair that differs more is hardly one text.
const maxDiffCells = 100_000

// maxDiffs bounds the diffs one Diagnose runs, so a block of look-alike
// documents that all differ costs a knob change a few milliseconds; a
// real document set has a handful of versions of one text.
const maxDiffs = 32

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

// String quotes the change as "from → to". The punctuation that closed
// the clause the phrase was widened to is left out of the quote, so a
// finding reads "one business day → three business days", not
// "one business day, → three business days,".
func (h hunk) String() string {
	return quotedPhrase(h.from) + " → " + quotedPhrase(h.to)
}

func quotedPhrase(words []string) string {
	return strings.TrimRight(strings.Join(words, " "), ",;:.")
}

// words is a text split on whitespace, with each word's diff key.
type words struct {
	raw, keys []string
}

func splitWords(text string) words {
	raw := strings.Fields(text)
	return words{raw: raw, keys: diffKeys(raw)}
}

// conflictingHunks returns the differences between a and b that change a
// fact: a number, a date or a negation. ok is false when the texts differ
// too much to diff.
func conflictingHunks(a, b string) (conflicts []hunk, ok bool) {
	return factChanges(splitWords(a), splitWords(b))
}

func factChanges(a, b words) (conflicts []hunk, ok bool) {
	if !mayChangeAFact(a.keys, b.keys) {
		// Most near duplicates differ in wording only; this check is
		// linear, the diff is not.
		return nil, true
	}
	hunks, ok := wordHunks(a, b)
	for _, h := range hunks {
		if isFactChange(h) {
			conflicts = append(conflicts, h)
		}
	}
	return conflicts, ok
}

// wordHunks diffs two texts by the longest common subsequence of their
// words (compared by diff key) and returns the differing runs with a word
// of context. The common start and end are skipped before the table is
// built; ok is false when the middle is larger than maxDiffCells.
func wordHunks(a, b words) (hunks []hunk, ok bool) {
	ka, kb := a.keys, b.keys
	start := 0
	for start < len(ka) && start < len(kb) && ka[start] == kb[start] {
		start++
	}
	endA, endB := len(ka), len(kb)
	for endA > start && endB > start && ka[endA-1] == kb[endB-1] {
		endA, endB = endA-1, endB-1
	}
	n, m := endA-start, endB-start
	if (n+1)*(m+1) > maxDiffCells {
		return nil, false
	}
	// lcs[i*(m+1)+j] is the LCS length of the middles from i and j on.
	lcs := make([]int32, (n+1)*(m+1))
	at := func(i, j int) int32 { return lcs[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if ka[start+i] == kb[start+j] {
				lcs[i*(m+1)+j] = at(i+1, j+1) + 1
			} else {
				lcs[i*(m+1)+j] = max(at(i+1, j), at(i, j+1))
			}
		}
	}
	same := func(i, j int) bool { return i < n && j < m && ka[start+i] == kb[start+j] }
	type run struct{ fromA, toA, fromB, toB int }
	var runs []run
	i, j := 0, 0
	for i < n || j < m {
		if same(i, j) {
			i, j = i+1, j+1
			continue
		}
		si, sj := i, j
		for (i < n || j < m) && !same(i, j) {
			if j >= m || (i < n && at(i+1, j) >= at(i, j+1)) {
				i++
			} else {
				j++
			}
		}
		r := run{start + si, start + i, start + sj, start + j}
		// Two changes one common word apart are one phrase: "5 to 9"
		// → "3 to 7", not "5 to → 3 to; 9 business → 7 business".
		if k := len(runs) - 1; k >= 0 && r.fromA-runs[k].toA <= maxPhraseGap {
			runs[k].toA, runs[k].toB = r.toA, r.toB
			continue
		}
		runs = append(runs, r)
	}
	for k, r := range runs {
		common := len(a.raw) - r.toA // the common words up to the next change
		if k+1 < len(runs) {
			common = runs[k+1].fromA - r.toA
		}
		hunks = append(hunks, withContext(a.raw, b.raw, r.fromA, r.toA, r.fromB, r.toB, common))
	}
	return hunks, true
}

// maxPhraseGap is how many common words may part two changes of one
// phrase; two apart ("100% now and 100% later") are two facts.
const maxPhraseGap = 1

// maxPhraseTail is how many common words after a change complete its
// phrase: the unit of a figure ("business days").
const maxPhraseTail = 2

// withContext is the hunk a[fromA:toA] → b[fromB:toB] widened to a
// phrase: a replacement takes up to maxPhraseTail of the common words
// after it (common of them before the next change) until a function word
// or the end of a clause, so a figure keeps its unit ("9 business days",
// "one hour", not "one hour and"); an insertion or deletion takes the
// word on either side, so "not" reads "are refundable → are not
// refundable".
func withContext(a, b []string, fromA, toA, fromB, toB, common int) hunk {
	h := hunk{from: append([]string(nil), a[fromA:toA]...), to: append([]string(nil), b[fromB:toB]...)}
	if len(h.from) == 0 || len(h.to) == 0 {
		if fromA > 0 && fromB > 0 {
			h.from = append([]string{a[fromA-1]}, h.from...)
			h.to = append([]string{b[fromB-1]}, h.to...)
		}
		if toA < len(a) && toB < len(b) {
			h.from = append(h.from, a[toA])
			h.to = append(h.to, b[toB])
		}
		return h
	}
	tail := 0
	for tail < min(common, maxPhraseTail) && toA+tail < len(a) && toB+tail < len(b) && !functionWords[diffKey(a[toA+tail])] {
		tail++
		if endsClause(a[toA+tail-1]) {
			break
		}
	}
	h.from = append(h.from, a[toA:toA+tail]...)
	h.to = append(h.to, b[toB:toB+tail]...)
	return h
}

// endsClause: a word that closes a clause or sentence.
func endsClause(w string) bool {
	return strings.HasSuffix(w, ",") || strings.HasSuffix(w, ".") || strings.HasSuffix(w, ";") ||
		strings.HasSuffix(w, ":") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, "?") || strings.HasSuffix(w, ")")
}

// functionWords end the phrase a change is quoted in.
var functionWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "but": true, "of": true, "to": true,
	"in": true, "on": true, "at": true, "by": true, "for": true, "from": true, "with": true, "as": true,
	"is": true, "are": true, "was": true, "be": true, "can": true, "will": true, "may": true, "if": true,
	"we": true, "you": true, "it": true, "that": true, "this": true, "so": true, "your": true, "our": true,
}

func diffKeys(words []string) []string {
	keys := make([]string, len(words))
	for i, w := range words {
		keys[i] = diffKey(w)
	}
	return keys
}

// diffKey is a word as the diff compares it: lower case, without the
// punctuation around it.
func diffKey(w string) string {
	return strings.ToLower(strings.TrimFunc(w, unicode.IsPunct))
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

// mayChangeAFact reports whether a word only one side has is a number,
// a date or a negation: without one, no hunk can be a fact change.
func mayChangeAFact(a, b []string) bool {
	for _, w := range append(keysOnlyIn(a, b), keysOnlyIn(b, a)...) {
		if isNumeric(w) || isDateWord(w) || isNegation(w) {
			return true
		}
	}
	return false
}

// wordsOnlyIn are the words (as diff keys) of a that b lacks, counting
// repeats.
func wordsOnlyIn(a, b []string) []string { return keysOnlyIn(diffKeys(a), diffKeys(b)) }

// keysOnlyIn are the diff keys of a that b lacks, counting repeats.
func keysOnlyIn(a, b []string) []string {
	have := make(map[string]int, len(b))
	for _, k := range b {
		have[k]++
	}
	var out []string
	for _, k := range a {
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
