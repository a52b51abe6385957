package fix

import (
	"strings"

	"ctxlab/core"
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

// leavesContradiction is the first finding the preview makes appear
// about two similar texts both sent that state different facts.
func leavesContradiction(p core.Preview) (diagnose.Finding, bool) {
	for _, f := range p.FindingsAppeared {
		if f.Code == diagnose.CodeConflictingTextsSent {
			return f, true
		}
	}
	return diagnose.Finding{}, false
}
