package pipeline

import (
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
			trace[i].FilterReason = numfmt.Thousands(t) + " " + unit + " < minimum " + numfmt.Thousands(minTokens)
			continue
		}
		kept = append(kept, i)
	}
	return kept
}

// sortStage orders the documents the filter kept by score, highest first.
// The order is stable, as Python's sorted(reverse=True) is: equal scores
// keep input order. It reads the analysis's order of every document and
// skips the filtered ones, which is the same order without a sort.
func sortStage(a *Analysis, kept []int, trace []DocTrace) []int {
	order := a.byScore.get(a.Docs)
	if order == nil {
		return sortByScore(a.Docs, kept, trace)
	}
	sorted := make([]int, 0, len(kept))
	for _, i := range order {
		if !trace[i].Filtered {
			trace[i].SortedPos = len(sorted)
			sorted = append(sorted, int(i))
		}
	}
	return sorted
}

// sortByScore sorts indices by score, stably, for a document set whose
// scores have no total order.
func sortByScore(docs []value.Document, indices []int, trace []DocTrace) []int {
	sorted := append([]int(nil), indices...)
	sort.SliceStable(sorted, func(a, b int) bool {
		return docs[sorted[a]].Score > docs[sorted[b]].Score
	})
	for pos, i := range sorted {
		trace[i].SortedPos = pos
	}
	return sorted
}
