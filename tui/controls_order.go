package tui

import (
	"slices"
	"strings"

	"ctxlab/core"
)

// relevantFirst orders the strip for the input loaded: the knob table's
// order (core/knobs.go) when there are documents to retrieve, since the
// pipeline is what a document set is loaded to tune. A request with no
// documents (an imported chat or agent request) has nothing for the
// pipeline's and the reranker's knobs to act on, so they go last and the
// window, the allocations and the memory come first. Each group keeps
// the table's order.
func relevantFirst(controls []control, hasDocuments bool) []control {
	if hasDocuments {
		return controls
	}
	documentsOnly := map[string]bool{}
	for _, k := range core.Knobs() {
		if strings.HasPrefix(k.Key, "pipeline.") || strings.HasPrefix(k.Key, "rerank.") {
			documentsOnly[k.ID] = true
		}
	}
	ordered := slices.Clone(controls)
	slices.SortStableFunc(ordered, func(a, b control) int {
		switch {
		case documentsOnly[a.id] == documentsOnly[b.id]:
			return 0
		case documentsOnly[a.id]:
			return 1
		}
		return -1
	})
	return ordered
}
