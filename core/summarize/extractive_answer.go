package summarize

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"ctxlab/core/pycompat"
)

// questionNoise are words a question uses to ask rather than to say
// what it is about.
var questionNoise = sync.OnceValue(func() map[string]bool {
	return set(strings.Fields(`document documents section sections text mention mentioned
say says said tell describe explain list give find state stated according`))
})

// sectionPrefixRe matches the "Section i: " the article writes before
// each partial answer.
var sectionPrefixRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Section (\d+): `) })

// questionTerms are the question's content words.
func questionTerms(question string) []string {
	var terms []string
	for _, w := range keywords(question) {
		if !questionNoise()[w] {
			terms = append(terms, w)
		}
	}
	return terms
}

// termMatches counts the terms among a sentence's sorted keywords.
func termMatches(keywords, terms []string) int {
	n := 0
	for _, t := range terms {
		if _, found := slices.BinarySearch(keywords, t); found {
			n++
		}
	}
	return n
}

// termsNeeded is how many question terms a sentence must contain to
// count as an answer: one for short questions, a third of the terms plus
// one for longer ones, so one shared word does not make an answer.
func termsNeeded(terms int) int {
	return min(terms, 1+terms/3)
}

// answer is the offline map step: the section's sentences that match
// the question's terms, best first within the word limit, in document
// order; NOT FOUND when none does.
func answer(req Request) string {
	terms := questionTerms(req.Question)
	if len(terms) == 0 {
		return NotFoundAnswer
	}
	need := termsNeeded(len(terms))
	var units []unit
	for i, line := range strings.Split(req.Input(), "\n") {
		for _, s := range sentences(line) {
			kw := keywords(s)
			matches := termMatches(kw, terms)
			if matches < need {
				continue
			}
			units = append(units, unit{text: s, group: i, score: matches*10 + analyze(s).score, words: pycompat.WordCount(s), keywords: kw})
		}
	}
	if len(units) == 0 {
		return NotFoundAnswer
	}
	return render(selectUnits(dedup(units), req.WordLimit()), req.WordLimit())
}

// reduce is the offline reduce step: the partial answers' sentences
// with repeats across sections removed, those matching the question best
// kept first within the word limit, each section's cited once.
func reduce(req Request) string {
	terms := questionTerms(req.Question)
	var units []unit
	for i, line := range strings.Split(req.Input(), "\n") {
		label := ""
		if m := sectionPrefixRe().FindStringSubmatch(line); m != nil {
			label = "Section " + m[1]
			line = line[len(m[0]):]
		}
		for _, s := range sentences(line) {
			info := analyze(s)
			if info.filler {
				continue
			}
			kw := keywords(s)
			units = append(units, unit{text: s, group: i, label: label, score: termMatches(kw, terms)*10 + info.score, words: pycompat.WordCount(s), keywords: kw})
		}
	}
	if len(units) == 0 {
		return strings.TrimSpace(req.Input())
	}
	return render(selectUnits(dedup(units), req.WordLimit()), req.WordLimit())
}
