package diagnosis

import (
	"regexp"
	"strings"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/internal/numfmt"
)

// differentFacts is what two texts differ in, as the conflict findings
// quote it: "…state different facts: 14 days → 10 days (kept → removed);"
// or "…: 14 days → 10 days; the model may quote either".
var differentFacts = regexp.MustCompile(`different facts: (.*?)(?: \(kept → removed\);|; the model may quote either)`)

// firstClause is a sentence's front up to its first colon or semicolon.
var firstClause = regexp.MustCompile(`^[^:;]*`)

// firstSentenceClause is a sentence's front up to its first semicolon.
var firstSentenceClause = regexp.MustCompile(`^[^;]*`)

// shortForm is a finding in the fewest words that keep its key fact, for
// a line too narrow for its sentence: the difference two copies state,
// the counted-vs-billed gap, how far over the request is. ok is false
// for a kind without one; its sentence is then cut.
func shortForm(ev *core.Evaluation, f diagnose.Finding) (string, bool) {
	label := func(i int) string {
		if i < len(f.Refs) {
			return f.Refs[i].Label()
		}
		return "?"
	}
	switch f.Code {
	case diagnose.CodeConflictingNearDuplicate:
		if m := differentFacts.FindStringSubmatch(f.Message); m != nil && len(f.Refs) >= 2 {
			return label(0) + " removed as a near duplicate of " + label(1) + ": " + m[1], true
		}
	case diagnose.CodeConflictingTextsSent:
		if m := differentFacts.FindStringSubmatch(f.Message); m != nil && len(f.Refs) >= 2 {
			return label(0) + " vs " + label(1) + ", both sent: " + m[1], true
		}
	case diagnose.CodeCountOffBill:
		if b := ev.Bill; b != nil {
			return "off the bill: counted " + numfmt.Thousands(b.Counted) + ", billed " + numfmt.Thousands(b.InputTokens) + " (" + b.GapWords() + ")", true
		}
	case diagnose.CodeOverflow, diagnose.CodeAllocationsOverWindow:
		if c := strings.TrimSpace(firstClause.FindString(f.Message)); c != "" && c != f.Message {
			return c, true
		}
	case diagnose.CodeComponentOverAllocation:
		// "System prompt: 1,248, 248 over its 1,000 allocation; …": the
		// name alone before the colon says nothing, the clause does.
		c := strings.TrimSpace(dropAsides(firstSentenceClause.FindString(f.Message)))
		if strings.ContainsAny(c, "0123456789") && c != f.Message {
			return strings.TrimSuffix(c, "."), true
		}
	}
	return "", false
}
