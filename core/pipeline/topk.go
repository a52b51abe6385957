package pipeline

import (
	"fmt"

	"ctxlab/internal/numfmt"
)

// topKStage keeps the k best-ranked deduplicated documents (all of them
// when k is 0) and marks the rest filtered, with their rank: a cut a
// vector store's top-k makes, here after deduplication so a duplicate
// never takes a place of the k. Without reasons (a sweep, which reads
// counts) the trace is left as it is.
func topKStage(deduped []int, k int, trace *traceTable, reasons bool) (kept []int, cut int) {
	if k <= 0 || len(deduped) <= k {
		return deduped, 0
	}
	if reasons {
		for rank, i := range deduped[k:] {
			trace.markFiltered(i, trace.addReason(fmt.Sprintf("ranked %s after deduplication, beyond top-k %s", numfmt.Thousands(k+rank+1), numfmt.Thousands(k))))
			trace.detail(i).PosBeforeReorder = -1
		}
	}
	return deduped[:k:k], len(deduped) - k
}
