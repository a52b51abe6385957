package tui

import (
	"ctxlab/core/diagnose"
	"ctxlab/core/value"
)

// useDocuments makes docs the workbench's document set for what is kept
// per set: the diagnosis's text index, which a finding's comparison of two
// documents reads, and the set's size, which decides whether exact counts
// are made inline or in the background. Every way a new set arrives (the
// first scenario, a query opened from a run, a trajectory's turn, a
// watched file read again) goes through it, so none is left describing
// the last set.
func (m *Model) useDocuments(docs []value.Document) {
	m.texts = diagnose.NewTexts(docs)
	m.docBytes = 0
	for _, d := range docs {
		m.docBytes += len(d.Content)
	}
}
