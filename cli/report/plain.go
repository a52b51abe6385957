package report

import (
	"regexp"
	"strings"
)

// The pipeline and the findings speak in a terse notation that other
// tools print too ("93 tokens > 2 remaining; not even one sentence of it
// fits as a synopsis"). The reports are read by people who never ran
// ctxlab: PlainWhy says a document's reason in words, and FindingHeading
// names a finding's kind before its own sentence.

// plainWhy are the budget's and the filter's reasons, each with its
// words; $n are the pattern's groups.
var plainWhy = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`^([\d,]+) tokens( \+ header)? > ([\d,]+) remaining; not even one sentence of it fits as a synopsis$`),
		"left out: it has $1 tokens$2 and only $3 of the budget were left, too few for even its shortest sentence as a summary"},
	{regexp.MustCompile(`^([\d,]+) tokens( \+ header)? > ([\d,]+) remaining; a ([\d,]+)-token synopsis \((.*)\) fits$`),
		"too long for the $3 tokens of budget left (it has $1$2): a $4-token summary of it ($5) is sent instead"},
	{regexp.MustCompile(`^([\d,]+) tokens( \+ header)? > ([\d,]+) remaining; cut to ([\d,]+) tokens$`),
		"too long for the $3 tokens of budget left (it has $1$2): its first $4 tokens are sent"},
	{regexp.MustCompile(`^([\d,]+) tokens > ([\d,]+) remaining; ([\d,]+) ≤ ([\d,]+), too little for a partial copy$`),
		"left out: it has $1 tokens and only $2 of the budget were left, not more than the $4 a partial copy needs"},
	{regexp.MustCompile(`^([\d,]+) tokens \+ header > ([\d,]+) remaining; no room left after the header$`),
		"left out: only $2 tokens of budget were left, taken by its citation header"},
	{regexp.MustCompile(`^([\d,]+) (\S+) < minimum ([\d,]+)$`),
		"filtered out as too short: $1 $2, under the minimum of $3"},
	{regexp.MustCompile(`^score (\S+) < minimum (\S+)$`),
		"filtered out: its relevance score $1 is under the cutoff of $2"},
}

// PlainWhy says a document's reason in plain words; a reason it does
// not know is returned as it is.
func PlainWhy(why string) string {
	head, tail, _ := strings.Cut(why, " then ")
	for _, p := range plainWhy {
		if p.re.MatchString(head) {
			out := strings.ReplaceAll(p.re.ReplaceAllString(head, p.with), " + header", " and a citation header")
			if tail != "" {
				out += ", then " + tail
			}
			return out
		}
	}
	return why
}

// findingHeadings name each kind of finding in a newcomer's words.
var findingHeadings = map[string]string{
	"overflow":                   "The request is too big for the window",
	"allocations-over-window":    "The allocations add up to more than the window",
	"weaker-copy-sent":           "A weaker or older copy is sent instead of the better document",
	"strong-doc-lost":            "Strong documents are left out",
	"conflicting-near-duplicate": "A document dropped as a duplicate said something different",
	"conflicting-texts-sent":     "Two similar documents that disagree are both sent",
	"component-over-allocation":  "A part of the request is over its allocation",
	"history-dominates":          "The conversation history takes most of the input",
	"tool-results-dominate":      "Tool results take most of the input",
	"mostly-headers":             "A document sent is mostly its citation header",
	"same-source-sent":           "Several documents from one source are sent",
	"allocation-unused":          "An allocation is mostly unused",
	"count-differs-from-bill":    "ctxlab's count differs from the provider's bill",
	"policy-dropped-task":        "A trim policy dropped the task (the first user message)",
	"tokenizer-estimate":         "The token counts are estimates",
	"scores-look-like-distances": "The scores look like distances (lower is better)",
}

// FindingHeading names a finding's kind in plain words, "" for a code
// it does not know.
func FindingHeading(code string) string { return findingHeadings[code] }

// PlainAbout says a finding as "code about #15, #34" (fix.FindingAbout)
// in plain words: "A weaker or older copy is sent instead of the better
// document (#15, #34)".
func PlainAbout(about string) string {
	code, rows, _ := strings.Cut(about, " about ")
	h := FindingHeading(code)
	if h == "" {
		return about
	}
	if rows == "" {
		return h
	}
	return h + " (" + rows + ")"
}

// findingTermWords are the glossary's words a finding's sentence may
// hold that a newcomer does not know.
var findingTermWords = []string{"score", "synopsis", "reference mode", "lost-in-the-middle", "duplicate", "max input", "allocation", "reserved for the reply"}

// FindingTerms are the glossary's terms a finding's sentence holds, for
// hover texts beside it; each once, in the glossary's order.
func FindingTerms(message string) []Term {
	var out []Term
	for _, w := range findingTermWords {
		for _, t := range allTerms {
			if t.Word == w && t.match.MatchString(message) {
				out = append(out, t)
			}
		}
	}
	return out
}
