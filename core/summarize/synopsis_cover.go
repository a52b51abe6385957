package summarize

import (
	"container/heap"
	"slices"
	"strings"

	"ctxlab/core/pycompat"
)

// factPoints is what one point of a sentence's fact score (an amount or
// date 2, an identifier 3, ...) counts for: a synopsis is there to carry
// the document's facts, which a word count alone would not favour.
const factPoints = 3

// minCutSentenceWords: a sentence shorter than this (a heading, "Price
// match") or a best sentence cut shorter says nothing a citation header
// does not, so it is not offered as a synopsis.
const minCutSentenceWords = 4

// Covering is a synopsis chosen to cover a query and a document within
// a token limit, and how much of the document it kept.
type Covering struct {
	Text string
	// Sentences is how many sentences it keeps, of Of in the document.
	Sentences, Of int
	// Cut: no whole sentence fitted, so the best one was cut short ("…").
	Cut bool
}

// coverSentence is one candidate sentence of a covering synopsis.
type coverSentence struct {
	text     string
	keywords []string // sorted distinct content words (stemmed)
	facts    int      // the extractive summarizer's fact score
	tokens   int
}

// CoveringSynopsis picks the sentences of text that best cover the query
// and the document and fit within limit tokens as count measures them,
// and returns them in the document's order. Sentences are taken greedily
// by what they add that the chosen ones do not already say: first the
// query terms they cover, then, per token, the document's content words
// (each worth the number of sentences that use it, so its recurring
// subject counts most) and facts (amounts, dates, identifiers, names,
// decisions). Without a
// query it covers the document alone. When not even one whole sentence
// fits, the best one is cut to the limit; when that leaves fewer than
// four words, Text is "".
func CoveringSynopsis(text, query string, limit int, count func(string) int) Covering {
	if limit < minCutSentenceWords {
		// Not even a cut sentence of four words fits: spare the analysis,
		// the common case once a budget is spent (Of is left 0).
		return Covering{}
	}
	sents, all := coverSentences(text, count)
	out := Covering{Of: all}
	if len(sents) == 0 {
		return out
	}
	terms := questionTerms(query)
	usage := map[string]int{}
	for _, s := range sents {
		for _, w := range s.keywords {
			usage[w]++
		}
	}
	chosen := make([]bool, len(sents))
	covered := map[string]bool{}
	// Lazy greedy: a sentence's gain only falls as others are chosen, so
	// a gain recomputed at the top of the queue that still beats the
	// next stale one is the best; a sentence that no longer fits never
	// will, since the spent tokens only grow.
	queue := make(gainQueue, len(sents))
	for i, s := range sents {
		queue[i] = coverGain(s, terms, usage, covered)
		queue[i].index = i
	}
	heap.Init(&queue)
	spent := 0
	for queue.Len() > 0 {
		top := heap.Pop(&queue).(gainItem)
		s := sents[top.index]
		if spent+s.tokens > limit {
			continue
		}
		fresh := coverGain(s, terms, usage, covered)
		fresh.index = top.index
		if fresh.gain <= 0 {
			continue // says nothing the chosen sentences do not
		}
		if queue.Len() > 0 && !queue.before(fresh, queue[0]) {
			heap.Push(&queue, fresh)
			continue
		}
		chosen[top.index] = true
		spent += s.tokens
		for _, w := range s.keywords {
			covered[w] = true
		}
	}
	out.Text, out.Sentences = fitChosen(sents, chosen, limit, count)
	if out.Sentences == 0 {
		out.Text = cutBest(sents, terms, usage, limit, count)
		out.Cut = out.Text != ""
		if out.Cut {
			out.Sentences = 1
		}
	}
	return out
}

// coverSentences splits text into sentences, whitespace collapsed, each
// with its content words, facts and tokens, and says how many sentences
// the text has. Filler (greetings, thanks) and headings carry nothing and
// are left out.
func coverSentences(text string, count func(string) int) ([]coverSentence, int) {
	var out []coverSentence
	all := splitSentences(text)
	for _, raw := range all {
		s := strings.Join(pycompat.Split(raw), " ")
		info := analyze(s)
		if info.filler || len(pycompat.Split(s)) < minCutSentenceWords {
			continue // a greeting, or a heading: the citation header names the document already
		}
		out = append(out, coverSentence{text: s, keywords: keywords(s), facts: info.score, tokens: count(s) + 1})
	}
	return out, len(all)
}

// coverGain is what sentence s adds to the chosen ones: the query terms
// it covers that they do not, and the rest: their uncovered document
// words, and its facts when it adds any word at all.
func coverGain(s coverSentence, terms []string, usage map[string]int, covered map[string]bool) gainItem {
	var g gainItem
	for _, t := range terms {
		if !covered[t] {
			if _, found := slices.BinarySearch(s.keywords, t); found {
				g.query++
			}
		}
	}
	for _, w := range s.keywords {
		if !covered[w] {
			g.gain += usage[w]
		}
	}
	if g.gain > 0 {
		g.gain += factPoints * s.facts
	}
	g.tokens = s.tokens
	return g
}

// fitChosen joins the chosen sentences in document order and, since the
// sum of sentence counts only estimates the joined text's count, drops
// the last ones while the whole exceeds limit.
func fitChosen(sents []coverSentence, chosen []bool, limit int, count func(string) int) (string, int) {
	var kept []string
	for i, s := range sents {
		if chosen[i] {
			kept = append(kept, s.text)
		}
	}
	for len(kept) > 0 {
		text := strings.Join(kept, " ")
		if count(text) <= limit {
			return text, len(kept)
		}
		kept = kept[:len(kept)-1]
	}
	return "", 0
}

// cutBest is the best sentence on its own cut, word by word, to limit.
func cutBest(sents []coverSentence, terms []string, usage map[string]int, limit int, count func(string) int) string {
	best := gainItem{index: -1}
	for i, s := range sents {
		g := coverGain(s, terms, usage, nil)
		g.index = i
		if best.index < 0 || gainQueue(nil).before(g, best) {
			best = g
		}
	}
	words := pycompat.Split(sents[best.index].text)
	for n := len(words) - 1; n >= minCutSentenceWords; n-- {
		text := strings.Join(words[:n], " ") + "…"
		if count(text) <= limit {
			return text
		}
	}
	return ""
}

// gainItem is a sentence in the lazy greedy's queue with what it adds,
// as last computed: query terms, other gain, and its tokens.
type gainItem struct{ index, query, gain, tokens int }

// gainQueue is a max-heap: more query terms first, then more gain per
// token (ranked by gain alone, long sentences would win for their
// length, and a synopsis is short), then the earlier sentence.
type gainQueue []gainItem

func (q gainQueue) before(a, b gainItem) bool {
	if a.query != b.query {
		return a.query > b.query
	}
	ab, ba := a.gain*b.tokens, b.gain*a.tokens
	return ab > ba || (ab == ba && a.index < b.index)
}
func (q gainQueue) Len() int           { return len(q) }
func (q gainQueue) Less(i, j int) bool { return q.before(q[i], q[j]) }
func (q gainQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *gainQueue) Push(x any)        { *q = append(*q, x.(gainItem)) }
func (q *gainQueue) Pop() any {
	old := *q
	item := old[len(old)-1]
	*q = old[:len(old)-1]
	return item
}
