package core

import (
	"strings"

	"ctxlab/core/diagnose"
	"ctxlab/internal/numfmt"
)

// maxRefsNamed bounds the rows a finding's short form names; the rest
// are counted.
const maxRefsNamed = 3

// FindingAbout is a finding in a few words, its code and the rows it is
// about: "weaker-copy-sent about #15, #34", for the fix preview's list of
// findings that go away, where the whole sentence is the one the reader
// has just read.
func FindingAbout(f diagnose.Finding) string {
	if len(f.Refs) == 0 {
		return f.Code
	}
	labels := make([]string, 0, maxRefsNamed+1)
	for _, r := range f.Refs[:min(len(f.Refs), maxRefsNamed)] {
		labels = append(labels, r.Label())
	}
	if more := len(f.Refs) - maxRefsNamed; more > 0 {
		labels = append(labels, numfmt.Thousands(more)+" more")
	}
	return f.Code + " about " + strings.Join(labels, ", ")
}

// NewWarnings counts the findings a preview makes appear that are
// warnings or errors: what a fix costs in trust, beside its tokens.
func (p Preview) NewWarnings() int { return countWarnings(p.FindingsAppeared) }

// WarningsGone counts the warnings and errors a preview makes go away.
func (p Preview) WarningsGone() int { return countWarnings(p.FindingsGone) }

// countWarnings counts the findings that are not mere information.
func countWarnings(findings []diagnose.Finding) int {
	n := 0
	for _, f := range findings {
		if f.Severity != diagnose.SeverityInfo {
			n++
		}
	}
	return n
}

// Clears says whether the preview makes the finding go away (the same
// code about the same rows, as Compare matches findings).
func (p Preview) Clears(f diagnose.Finding) bool {
	key := findingKey(f)
	for _, g := range p.FindingsGone {
		if findingKey(g) == key {
			return true
		}
	}
	return false
}

// leavesContradiction is the first finding the preview makes appear
// about two similar texts both sent that state different facts.
func (p Preview) leavesContradiction() (diagnose.Finding, bool) {
	for _, f := range p.FindingsAppeared {
		if f.Code == diagnose.CodeConflictingTextsSent {
			return f, true
		}
	}
	return diagnose.Finding{}, false
}
