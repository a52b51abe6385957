package rows

import "ctxlab/core"

// DisplayNumber is the number a document is known by: its position in the
// scenario's input, from 1, also when reranking handed the builder a
// subset.
func DisplayNumber(ev *core.Evaluation, doc int) int {
	if ev == nil {
		return doc + 1
	}
	return ev.InputIndex(doc) + 1
}
