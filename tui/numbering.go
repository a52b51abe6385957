package tui

import "ctxlab/core"

// displayNumber is the number a document is known by: its position in the
// scenario's input, from 1, also when reranking handed the builder a
// subset.
func displayNumber(ev *core.Evaluation, doc int) int {
	if ev == nil {
		return doc + 1
	}
	return ev.InputIndex(doc) + 1
}
