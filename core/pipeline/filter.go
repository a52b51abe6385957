package pipeline

import (
	"fmt"
	"sort"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// filterStage keeps the documents with at least MinDocTokens tokens and,
// when a minimum score is set, a score that passes it, in input order,
// and records why the others left.
func filterStage(docs []value.Document, tokens []int, s Settings, trace []DocTrace) []int {
	kept := make([]int, 0, len(tokens))
	for i, t := range tokens {
		reason := ""
		if t < s.MinDocTokens {
			unit := "tokens"
			if t == 1 {
				unit = "token"
			}
			reason = fmt.Sprintf("%s %s < minimum %s", numfmt.Thousands(t), unit, numfmt.Thousands(s.MinDocTokens))
		} else if s.MinScoreSet {
			reason = s.Scores.belowMinimum(docs[i].Score, s.MinScore)
		}
		if reason != "" {
			trace[i].Filtered = true
			trace[i].Fate = FateFiltered
			trace[i].FilterReason = reason
			continue
		}
		kept = append(kept, i)
	}
	return kept
}

// sortStage orders documents best score first: highest for similarities,
// lowest for distances. The sort is stable, as Python's
// sorted(reverse=True) is: equal scores keep input order.
func sortStage(docs []value.Document, indices []int, kind ScoreKind, trace []DocTrace) []int {
	sorted := append([]int(nil), indices...)
	sort.SliceStable(sorted, func(a, b int) bool {
		return kind.better(docs[sorted[a]].Score, docs[sorted[b]].Score)
	})
	for pos, i := range sorted {
		trace[i].SortedPos = pos
	}
	return sorted
}
