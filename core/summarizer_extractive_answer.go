package core

import (
	"regexp"
	"slices"
	"strings"
)

// extQuestionNoise are words a question uses to ask rather than to say
// what it is about.
var extQuestionNoise = extSet(strings.Fields(`document documents section sections text mention mentioned
say says said tell describe explain list give find state stated according`))

// extSectionPrefixRe matches the "Section i: " the article writes before
// each partial answer.
var extSectionPrefixRe = regexp.MustCompile(`^Section (\d+): `)

// extQuestionTerms are the question's content words.
func extQuestionTerms(question string) []string {
	var terms []string
	for _, w := range extKeywords(question) {
		if !extQuestionNoise[w] {
			terms = append(terms, w)
		}
	}
	return terms
}

// extTermMatches counts the terms among a sentence's sorted keywords.
func extTermMatches(keywords, terms []string) int {
	n := 0
	for _, t := range terms {
		if _, found := slices.BinarySearch(keywords, t); found {
			n++
		}
	}
	return n
}

// extTermsNeeded is how many question terms a sentence must contain to
// count as an answer: one for short questions, a third of the terms plus
// one for longer ones, so one shared word does not make an answer.
func extTermsNeeded(terms int) int {
	return min(terms, 1+terms/3)
}

// extAnswer is the offline map step: the section's sentences that match
// the question's terms, best first within the word limit, in document
// order; NOT FOUND when none does.
func extAnswer(req SummaryRequest) string {
	terms := extQuestionTerms(req.Question)
	if len(terms) == 0 {
		return NotFoundAnswer
	}
	need := extTermsNeeded(len(terms))
	var units []extUnit
	for i, line := range strings.Split(req.Input(), "\n") {
		for _, s := range extSentences(line) {
			kw := extKeywords(s)
			matches := extTermMatches(kw, terms)
			if matches < need {
				continue
			}
			units = append(units, extUnit{text: s, group: i, score: matches*10 + extAnalyze(s).score, words: pyWordCount(s), keywords: kw})
		}
	}
	if len(units) == 0 {
		return NotFoundAnswer
	}
	return extRender(extSelect(extDedup(units), req.WordLimit()), req.WordLimit())
}

// extReduce is the offline reduce step: the partial answers' sentences
// with repeats across sections removed, those matching the question best
// kept first within the word limit, each section's cited once.
func extReduce(req SummaryRequest) string {
	terms := extQuestionTerms(req.Question)
	var units []extUnit
	for i, line := range strings.Split(req.Input(), "\n") {
		label := ""
		if m := extSectionPrefixRe.FindStringSubmatch(line); m != nil {
			label = "Section " + m[1]
			line = line[len(m[0]):]
		}
		for _, s := range extSentences(line) {
			info := extAnalyze(s)
			if info.filler {
				continue
			}
			kw := extKeywords(s)
			units = append(units, extUnit{text: s, group: i, label: label, score: extTermMatches(kw, terms)*10 + info.score, words: pyWordCount(s), keywords: kw})
		}
	}
	if len(units) == 0 {
		return strings.TrimSpace(req.Input())
	}
	return extRender(extSelect(extDedup(units), req.WordLimit()), req.WordLimit())
}
