package pipeline

import (
	"fmt"
	"sort"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// filterStage keeps the documents with at least minTokens tokens, in input
// order, and records why the others left.
func filterStage(tokens []int, minTokens int, trace []DocTrace) []int {
	kept := make([]int, 0, len(tokens))
	for i, t := range tokens {
		if t < minTokens {
			trace[i].Filtered = true
			trace[i].Fate = FateFiltered
			unit := "tokens"
			if t == 1 {
				unit = "token"
			}
			trace[i].FilterReason = fmt.Sprintf("%s %s < minimum %s", numfmt.Thousands(t), unit, numfmt.Thousands(minTokens))
			continue
		}
		kept = append(kept, i)
	}
	return kept
}

// sortStage orders documents by score, highest first. The sort is stable,
// as Python's sorted(reverse=True) is: equal scores keep input order.
func sortStage(docs []value.Document, indices []int, trace []DocTrace) []int {
	sorted := append([]int(nil), indices...)
	sort.SliceStable(sorted, func(a, b int) bool {
		return docs[sorted[a]].Score > docs[sorted[b]].Score
	})
	for pos, i := range sorted {
		trace[i].SortedPos = pos
	}
	return sorted
}
