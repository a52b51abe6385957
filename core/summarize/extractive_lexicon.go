package summarize

import (
	"regexp"
	"strings"
	"sync"
)

// The extractive summarizer's lexicon: what marks a sentence as a fact
// worth keeping and what marks it as filler. The lists are English and
// aimed at support and business conversations, the article's use cases.
// Word lists are looked up in sets rather than matched as one big
// case-insensitive regular expression: the rolling summary re-reads its
// previous summary at every fold, and RE2 alternations of this size were
// most of its cost.
//
// The sets, lexicons and regular expressions here and in the other
// extractive files are built on first use (sync.OnceValue), not at
// start-up: every command paid for them, about a millisecond, though only
// the extractive summarizer reads them.

// fact is one kind of information a sentence can carry.
type fact int

const (
	identifier fact = iota // ORD-48213, user_id: u-7, emails, urls, tracking numbers
	moneyDate              // $249.99, 15%, Friday, 2024-05-01, tomorrow
	number                 // any other digit
	decision               // we'll, decided, will ship, approved, refund, obligations
	preference             // prefer, preference:, only, rather
	unresolved             // still, not yet, broken, questions
	name                   // "my name is Dana", capitalized words mid-sentence
	factKinds
)

// factWeight ranks sentences when the word limit forces a choice: what
// the article's prompt says to preserve outranks bare numbers.
var factWeight = [factKinds]int{
	identifier: 3,
	moneyDate:  2,
	number:     1,
	decision:   3,
	preference: 3,
	unresolved: 2,
	name:       2,
}

// lexicon matches a sentence's lowercase words: whole words, word
// prefixes ("escalat" for escalated, escalation) and multi-word phrases.
type lexicon struct {
	words    map[string]bool
	prefixes []string
	phrases  []string // matched against " w1 w2 … " with spaces around
}

// newExtLexicon splits entries: "word", "prefix*", "two words".
func newExtLexicon(entries string) lexicon {
	l := lexicon{words: map[string]bool{}}
	for _, e := range strings.Split(entries, ",") {
		e = strings.TrimSpace(e)
		switch {
		case e == "":
		case strings.HasSuffix(e, "*"):
			l.prefixes = append(l.prefixes, strings.TrimSuffix(e, "*"))
		case strings.Contains(e, " "):
			l.phrases = append(l.phrases, " "+e+" ")
		default:
			l.words[e] = true
		}
	}
	return l
}

func (l lexicon) match(words []string, padded string) bool {
	for _, w := range words {
		if l.words[w] {
			return true
		}
		for _, p := range l.prefixes {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
	}
	for _, p := range l.phrases {
		if strings.Contains(padded, p) {
			return true
		}
	}
	return false
}

var (
	decisionLex = sync.OnceValue(func() lexicon {
		return newExtLexicon(`we'll, i'll, we will, i will, going to, decided, decision, will ship, ship, ships,
		shipped, shipping, approve, approved, refund, refunds, refunded, replacement, replace, replaced, replaces,
		agree, agreed, confirm, confirmed, confirms, schedule, scheduled, escalat*, cancel, cancels, canceled,
		cancelled, issued, credit, credited, exchange, resolve, resolved, must, shall, require, required,
		obligat*, responsible for, due, deadline, no later than, liable, terminat*, committed, promise, promised,
		waive, waived, waives`)
	})
	preferenceLex = sync.OnceValue(func() lexicon {
		return newExtLexicon(`prefer, prefers, preferred, preference, only, rather, never, always, avoid,
		instead, favorite, favourite, don't want, do not want, doesn't want, does not want, would like, i'd like,
		please don't, please do not`)
	})
	unresolvedLex = sync.OnceValue(func() lexicon {
		return newExtLexicon(`still, not yet, pending, waiting, unresolved, outstanding, open issue,
		open question, open ticket, hasn't, haven't, hadn't, didn't, doesn't, isn't, wasn't, can't, cannot,
		couldn't, won't, unable, broken, damaged, cracked, missing, wrong, error, fail, fails, failed, failing,
		failure, issue, issues, problem, problems, complain*, late, delayed, overcharged, charged twice,
		double charged, not working, stopped working`)
	})
	dateLex = sync.OnceValue(func() lexicon {
		return newExtLexicon(`january, february, march, april, june, july, august, september, october,
		november, december, monday, tuesday, wednesday, thursday, friday, saturday, sunday, today, tonight,
		tomorrow, yesterday, weekday, weekdays, weekend, weekends, next week, next month, next year,
		next quarter, end of day, end of the day, end of week, end of the week, end of month, end of the month,
		business day, business days`)
	})
	// monthAbbrev are dates only before a number: "may" is mostly a verb.
	monthAbbrev = sync.OnceValue(func() map[string]bool {
		return set(strings.Fields(`jan feb mar apr may jun jul aug sep sept oct nov dec`))
	})
	nameIntro = []string{" my name is ", " name's ", " i'm ", " i am ", " this is ", " speaking with ", " call me "}

	keyedIDRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)(?:\b|_)id\s*[:#=]\s*\S`) }) // user_id: u-7, ID: 42
	emailRe     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[\w.+-]+@[\w-]+\.[\w.-]+`) })
	urlRe       = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bhttps?://\S|\bwww\.\S`) })
	nameIntroRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:[Mm]y name is|[Nn]ame's|I'm|I am|[Tt]his is|[Ss]peaking with|[Cc]all me)\s+[A-Z][a-z]+`)
	})

	// leadFillerRe strips a greeting or acknowledgement that opens a
	// sentence with content after it: "Hi, my order…" keeps "my order…".
	leadFillerRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:(?:hi|hello|hey|thanks|thank you|thanks so much|thank you so much|ok|okay|sure|great|perfect|got it|alright|of course|absolutely|certainly|no problem|sorry|yes|yeah|no)(?: there)?[,!.:;-]+\s+)+`)
	})
)

// fillerPhrases are greetings, thanks and acknowledgements; a sentence
// made of them and stop words is filler. Indexed by first word, longest
// first, so "thank you so much" is taken whole.
var fillerPhrases = sync.OnceValue(func() map[string][][]string {
	return phraseIndex(`is there anything else i can help you with, is there anything else i can help with,
	anything else i can help you with, anything else i can help with, is there anything else,
	how can i help you today, how can i help you, how can i help, how may i help you,
	what can i do for you, thank you for contacting us, thank you for contacting, thanks for contacting,
	thank you for calling, thanks for calling, thanks for reaching out, thank you for reaching out, welcome to,
	thank you for your patience, thanks for your patience, thank you for waiting, thanks for waiting,
	i apologize for the inconvenience, sorry for the inconvenience, i'm sorry to hear that,
	sorry to hear that, have a nice day, have a great day, have a good day, have a good one,
	you're welcome, you are welcome, thank you so much, thank you very much, thanks so much,
	thanks a lot, thank you, thanks, thx, one moment please, one moment, just a moment,
	just a sec, one sec, one second, please hold, please wait, bear with me,
	let me check on that, let me check, let me look into this, let me look into that,
	let me look into it, let me take a look, let me see, glad i could help, glad to help,
	happy to help, my pleasure, no problem, no worries, i understand, i see, got it,
	sounds good, that's great, that's all, that is all, anything else, good morning,
	good afternoon, good evening, hi there, hello there, of course, all right, alright,
	absolutely, certainly, great, perfect, awesome, cool, okay, ok, sure, yes,
	yeah, yep, nope, no, hi, hello, hey, bye, goodbye, cheers, welcome, understood`)
})

// phraseIndex maps each phrase's first word to its phrases' words,
// longest first.
func phraseIndex(list string) map[string][][]string {
	index := map[string][][]string{}
	for _, p := range strings.Split(list, ",") {
		words := strings.Fields(p)
		if len(words) > 0 {
			index[words[0]] = append(index[words[0]], words)
		}
	}
	for _, phrases := range index {
		for i := 1; i < len(phrases); i++ {
			for j := i; j > 0 && len(phrases[j]) > len(phrases[j-1]); j-- {
				phrases[j], phrases[j-1] = phrases[j-1], phrases[j]
			}
		}
	}
	return index
}

// stopWords carry no information of their own; a sentence made only of
// them and filler phrases is dropped.
var stopWords = sync.OnceValue(func() map[string]bool {
	return set(strings.Fields(`a an the and or but if then so to of in on at for with by from as
is are was were be been being am do does did have has had it its it's this that these those
i me my we us our you your he him his she her they them their what which who whom when where why
how can could would should will shall may might must just also very too there here about into up
out please all any some not i'm i'll i'd i've we'll we're we've you're you'll that's there's let
now well really again more bit`))
})

// commonCapitalized are capitalized mid-sentence without being names.
var commonCapitalized = sync.OnceValue(func() map[string]bool {
	return set(strings.Fields(`i i'm i'll i'd i've ok mr mrs ms dr user assistant
system tool previous conversation summary section please thanks`))
})

func set(words []string) map[string]bool {
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
	}
	return set
}
