package controls

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
func relevantFirst(controls []Control, hasDocuments bool) []Control {
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
	slices.SortStableFunc(ordered, func(a, b Control) int {
		switch {
		case documentsOnly[a.ID] == documentsOnly[b.ID]:
			return 0
		case documentsOnly[a.ID]:
			return 1
		}
		return -1
	})
	return ordered
}
