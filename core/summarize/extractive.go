package summarize

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"ctxlab/core/pycompat"
)

// ExtractiveSummarizer is the offline, deterministic Summarizer and the
// default. It follows the article's prompt with sentence selection instead
// of a model: it keeps sentences carrying names, identifiers, amounts,
// dates, decisions, obligations, preferences and unresolved issues, drops
// greetings and filler, drops sentences that repeat what is already kept,
// keeps the previous summary's facts first, and stays within the word
// limit (300 words for a conversation). Map calls answer with the
// sentences that match the question's terms, or NOT FOUND.
type ExtractiveSummarizer struct{}

// Name identifies the summarizer in notes and fallback reports.
func (ExtractiveSummarizer) Name() string { return "extractive" }

// unit is one candidate sentence.
type unit struct {
	text     string
	group    int    // message (or line) it came from; -1 for the previous summary
	label    string // "User", "Assistant", … written before the group's first kept sentence
	score    int
	words    int
	keywords []string // sorted, distinct content words: what the sentence is about
}

// Summarize implements Summarizer.
func (ExtractiveSummarizer) Summarize(ctx context.Context, req Request) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if err := req.Validate(); err != nil {
		return "", err
	}
	switch req.purpose() {
	case PurposeMapQuestion:
		return answer(req), nil
	case PurposeReduce:
		return reduce(req), nil
	}
	limit := req.WordLimit()
	var units []unit
	if req.Previous != "" {
		units = append(units, candidateUnits(req.Previous, -1, "", false)...)
	}
	if len(req.Messages) > 0 {
		for i, m := range req.Messages {
			units = append(units, candidateUnits(m.Content, i, roleLabel(m.Role), m.Role == "user")...)
		}
	} else {
		for i, line := range strings.Split(req.Text, "\n") {
			units = append(units, candidateUnits(line, i, "", false)...)
		}
	}
	kept := selectUnits(dedup(units), limit)
	if len(kept) == 0 {
		if req.purpose() == PurposeConversation {
			// Nothing new worth keeping: the running summary stands.
			return req.Previous, nil
		}
		// A chunk always has something to say; its opening sentence is
		// the best guess when no sentence carries a recognised fact.
		return capWords(Synopsis(req.Input()), limit), nil
	}
	return render(kept, limit), nil
}

// protectedRe matches what a summary must keep whatever else competes
// for its words: identifiers like ORD-48213 or CLM-7730418, user ids, and
// explicitly stated preferences.
var protectedRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b[A-Z]{2,}-\d{3,}\b|(?i)\buser_id:\s*\S+|(?i)\bpreference:`)
})

// protectedBonus outweighs any combination of ordinary facts.
const protectedBonus = 100

// candidateUnits splits text into scored candidate sentences. Filler sentences
// are dropped here; so are sentences that carry no fact, except a user's
// substantive statements, which are usually the problem being discussed.
func candidateUnits(text string, group int, label string, fromUser bool) []unit {
	var out []unit
	for _, s := range sentences(text) {
		info := analyze(s)
		if info.filler {
			continue
		}
		keywords := keywords(s)
		score := info.score
		if group >= 0 && !fromUser && strings.HasSuffix(s, "?") {
			// The assistant's own questions ("Does that work for you?")
			// are conversation, not open issues; halve their weight.
			score /= 2
		}
		if protectedRe().MatchString(s) {
			// Order and case identifiers, user ids and stated
			// preferences must survive every fold: a running summary
			// that drops them loses what the article says to preserve.
			score += protectedBonus
		}
		if group == -1 {
			// The previous summary's sentences were already chosen as
			// facts; they go before new ones of equal weight.
			score++
		} else if score == 0 && fromUser && len(keywords) >= 3 {
			score = 1
		}
		if score == 0 {
			continue
		}
		out = append(out, unit{
			text:     s,
			group:    group,
			label:    label,
			score:    score,
			words:    pycompat.WordCount(s),
			keywords: keywords,
		})
	}
	return out
}

// sentences splits text into sentences with any opening greeting
// ("Hi, …", "Thanks! …") removed, each read for at most its first
// maxSentenceBytes.
func sentences(text string) []string {
	var out []string
	for _, s := range splitSentences(strings.ReplaceAll(text, "’", "'")) {
		s = sentenceStart(s)
		stripped := strings.TrimSpace(leadFillerRe().ReplaceAllString(s, ""))
		if stripped == "" {
			continue
		}
		if stripped != s {
			stripped = capitalize(stripped)
		}
		out = append(out, stripped)
	}
	return out
}

// maxSentenceBytes is how much of a sentence the summarizer reads: some
// ten thousand words, forty times the longest summary. A summary keeps a
// sentence whole only when it fits, and cuts the best one to the limit
// when none does, so the words it can show of a longer "sentence" (a
// log line, text without full stops) are all in its start. Read whole,
// the words of one 50 MB sentence and its content words were listed at
// once: longdoc --run took 14.5 times the document.
const maxSentenceBytes = 64 << 10

// sentenceStart is s cut to at most maxSentenceBytes, after the last
// space within them (or, with none, after the last whole character).
func sentenceStart(s string) string {
	if len(s) <= maxSentenceBytes {
		return s
	}
	cut := maxSentenceBytes
	if i := strings.LastIndexFunc(s[:cut], unicode.IsSpace); i > 0 {
		return strings.TrimRightFunc(s[:i], unicode.IsSpace)
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// info is what analyze learns about one sentence.
type info struct {
	score  int  // sum of the weights of the facts it carries
	filler bool // greetings, thanks and stop words only
}

// analyze scores a sentence and decides whether it is filler.
func analyze(s string) info {
	words := strings.Fields(normalize(s))
	padded := " " + strings.Join(words, " ") + " "
	var has [factKinds]bool
	if strings.ContainsAny(s, "0123456789") {
		has[identifier], has[moneyDate] = digitFacts(s)
		has[number] = true
	}
	if !has[identifier] {
		has[identifier] = (strings.Contains(padded, "id ") && keyedIDRe().MatchString(s)) ||
			(strings.Contains(s, "@") && emailRe().MatchString(s)) ||
			((strings.Contains(padded, " http") || strings.Contains(padded, " www ")) && urlRe().MatchString(s))
	}
	has[moneyDate] = has[moneyDate] || dateLex().match(words, padded)
	has[number] = has[number] && !has[identifier] && !has[moneyDate]
	has[decision] = decisionLex().match(words, padded)
	has[preference] = preferenceLex().match(words, padded)
	has[unresolved] = unresolvedLex().match(words, padded) || strings.HasSuffix(s, "?")
	has[name] = hasName(s, padded)
	info := info{}
	for kind, ok := range has {
		if ok {
			info.score += factWeight[kind]
		}
	}
	// Filler: nothing but filler phrases and stop words, or a pleasantry
	// with a name or two in it ("Thanks for contacting Acme support.")
	// and no other fact.
	content, removed := contentWords(words)
	nameOnly := info.score == 0 || (has[name] && info.score == factWeight[name])
	info.filler = content == 0 || (removed && content <= 2 && nameOnly)
	return info
}

// hasName reports a self-introduction or a capitalized word after the
// first that is not a pronoun or a label: usually a person, product or
// place.
func hasName(s, padded string) bool {
	for _, intro := range nameIntro {
		if strings.Contains(padded, intro) && nameIntroRe().MatchString(s) {
			return true
		}
	}
	fields := strings.Fields(s)
	for i, f := range fields {
		if i == 0 {
			continue
		}
		prev := fields[i-1]
		if strings.HasSuffix(prev, ".") || strings.HasSuffix(prev, ":") {
			continue // a new sentence or a label's value starts here
		}
		word := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
		r, size := utf8.DecodeRuneInString(word)
		if size == 0 || !unicode.IsUpper(r) || len(word) < 2 {
			continue
		}
		if strings.IndexFunc(word[size:], unicode.IsLower) < 0 {
			continue // an acronym, not a name
		}
		if !commonCapitalized()[strings.ToLower(word)] {
			return true
		}
	}
	return false
}

// contentWords counts the words left once filler phrases and stop
// words are taken out, and reports whether any filler phrase was.
func contentWords(words []string) (content int, removed bool) {
	for i := 0; i < len(words); {
		matched := 0
		for _, phrase := range fillerPhrases()[words[i]] {
			if len(phrase) <= len(words)-i && slices.Equal(phrase, words[i:i+len(phrase)]) {
				matched = len(phrase)
				break
			}
		}
		if matched > 0 {
			removed = true
			i += matched
			continue
		}
		if !stopWords()[words[i]] {
			content++
		}
		i++
	}
	return content, removed
}

// normalize lowercases s and turns everything but letters, digits and
// apostrophes into spaces, so phrases match whatever the punctuation.
func normalize(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'':
			return unicode.ToLower(r)
		default:
			return ' '
		}
	}, s)
}

// keywords returns the sorted distinct content words of s.
func keywords(s string) []string {
	var kw []string
	for _, w := range words(strings.ToLower(s)) {
		w = stem(strings.TrimRight(w, ".:/-"))
		if w == "" || stopWords()[w] {
			continue
		}
		kw = append(kw, w)
	}
	slices.Sort(kw)
	return slices.Compact(kw)
}

// stem folds the commonest English inflections so "refunds" repeats
// "refund". Identifiers and numbers are left alone.
func stem(w string) string {
	if strings.ContainsFunc(w, unicode.IsDigit) || len(w) <= 4 {
		return w
	}
	for _, suffix := range []string{"ing", "ed", "es", "s"} {
		if strings.HasSuffix(w, suffix) && len(w)-len(suffix) >= 3 {
			return w[:len(w)-len(suffix)]
		}
	}
	return w
}

// dedup drops sentences that repeat kept ones: a sentence whose
// content words all appear in one other sentence adds nothing. Of two with
// the same words the first stays, so the previous summary's wording wins.
func dedup(units []unit) []unit {
	out := make([]unit, 0, len(units))
	for i, u := range units {
		repeated := false
		for j, other := range units {
			if i == j || len(u.keywords) > len(other.keywords) {
				continue
			}
			if !subset(u.keywords, other.keywords) {
				continue
			}
			if len(u.keywords) < len(other.keywords) || j < i {
				repeated = true
				break
			}
		}
		if !repeated {
			out = append(out, u)
		}
	}
	return out
}

// subset reports whether sorted a is contained in sorted b.
func subset(a, b []string) bool {
	j := 0
	for _, w := range a {
		for j < len(b) && b[j] < w {
			j++
		}
		if j == len(b) || b[j] != w {
			return false
		}
		j++
	}
	return true
}

// selectUnits keeps all units when they fit the word limit and otherwise
// the highest-scoring ones that fit, earlier first on ties, returned in
// their original order. A group's label costs one word, paid by the
// group's first chosen sentence (a group's sentences are contiguous).
func selectUnits(units []unit, limit int) []unit {
	if renderedWords(units) <= limit {
		return units
	}
	order := make([]int, len(units))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return units[b].score - units[a].score })
	chosen := make([]bool, len(units))
	groupChosen := make(map[int]int)
	words := 0
	for _, i := range order {
		u := units[i]
		cost := u.words
		if u.label != "" && groupChosen[u.group] == 0 {
			cost++
		}
		if words+cost > limit {
			continue
		}
		words += cost
		chosen[i] = true
		groupChosen[u.group]++
	}
	var picked []unit
	for i, u := range units {
		if chosen[i] {
			picked = append(picked, u)
		}
	}
	if len(picked) == 0 && len(order) > 0 {
		// Not even the best sentence fits: keep it, cut to the limit.
		picked = append(picked, units[order[0]])
	}
	return picked
}

// renderedWords counts the words render writes: each sentence plus
// one per group label.
func renderedWords(units []unit) int {
	words := 0
	lastGroup := -2
	for _, u := range units {
		words += u.words
		if u.group != lastGroup && u.label != "" {
			words++
		}
		lastGroup = u.group
	}
	return words
}

// render writes the kept sentences as one paragraph, each message's
// sentences after its speaker label, and cuts it to the limit.
func render(units []unit, limit int) string {
	var b strings.Builder
	lastGroup := -2
	for _, u := range units {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if u.group != lastGroup && u.label != "" {
			b.WriteString(u.label)
			b.WriteString(": ")
		}
		lastGroup = u.group
		b.WriteString(u.text)
		if last, _ := utf8.DecodeLastRuneInString(u.text); !strings.ContainsRune(".!?…", last) {
			b.WriteByte('.')
		}
	}
	return capWords(b.String(), limit)
}

// capWords cuts text to limit words, marking the cut with an ellipsis.
func capWords(text string, limit int) string {
	words := pycompat.Split(text[:pycompat.WordsEnd(text, limit+1)]) // the rest is cut anyway
	if len(words) <= limit {
		return strings.Join(words, " ")
	}
	return strings.Join(words[:limit], " ") + "…"
}

// roleLabel is the speaker label for a message role.
func roleLabel(role string) string {
	role = strings.TrimSpace(role)
	if role == "" {
		return "Unknown"
	}
	r, size := utf8.DecodeRuneInString(role)
	return string(unicode.ToUpper(r)) + role[size:]
}

// capitalize upper-cases a sentence's first letter once a stripped
// greeting has left it lower-case. A first word that is a key or an
// identifier ("preference:", "user_id:", "iPhone") keeps its case, since
// priority patterns match it as written.
func capitalize(s string) string {
	first, _, _ := strings.Cut(s, " ")
	if strings.IndexFunc(first, func(r rune) bool { return !unicode.IsLower(r) && r != ',' && r != '\'' }) >= 0 {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
