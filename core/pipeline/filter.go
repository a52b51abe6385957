package pipeline

import (
	"slices"
	"sort"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// filterStage keeps the documents with at least MinDocTokens tokens and,
// when a minimum score is set, a score that passes it, in input order,
// and records why the others left.
func filterStage(docs []value.Document, tokens TokenCounts, s Settings, trace *traceTable) []int {
	kept := make([]int, 0, longEnough(tokens, s.MinDocTokens))
	// The reason depends on the count alone: one string per count, shared
	// by the documents that have it, not one each (a million one-word
	// documents filtered held 18 MB of the same words).
	var tooShort map[int]int32 // count -> its reason's number
	for i := range tokens.Len() {
		t := tokens.At(i)
		var reason int32
		if t < s.MinDocTokens {
			if tooShort == nil {
				tooShort = map[int]int32{}
			}
			if reason = tooShort[t]; reason == 0 {
				reason = trace.addReason(tooFewTokens(t, s.MinDocTokens))
				tooShort[t] = reason
			}
		} else if s.MinScoreSet {
			if below := s.Scores.belowMinimum(docs[i].Score, s.MinScore); below != "" {
				reason = trace.addReason(below)
			}
		}
		if reason != 0 {
			trace.markFiltered(i, reason)
			continue
		}
		kept = append(kept, i)
	}
	return kept
}

// longEnough counts the documents of at least minimum tokens: the most
// the filter keeps, so its list is sized for them rather than for every
// document (8 MB for a million documents it all filters out).
func longEnough(tokens TokenCounts, minimum int) int {
	n := 0
	for i := range tokens.Len() {
		if tokens.At(i) >= minimum {
			n++
		}
	}
	return n
}

// tooFewTokens says why a document of t tokens is filtered out.
func tooFewTokens(t, minimum int) string {
	unit := "tokens"
	if t == 1 {
		unit = "token"
	}
	return numfmt.Thousands(t) + " " + unit + " < minimum " + numfmt.Thousands(minimum)
}

// sortStage orders the documents the filter kept best score first:
// highest for similarities, lowest for distances. The order is stable, as
// Python's sorted(reverse=True) is: equal scores keep input order. For
// similarities it reads the analysis's order of every document and skips
// the filtered ones, which is the same order without a sort.
func sortStage(a *Analysis, kept []int, kind ScoreKind, trace *traceTable) []int {
	var order []int32
	if kind != ScoresDistance {
		order = a.byScore.get(a.Docs)
	}
	if order == nil {
		return sortByScore(a.Docs, kept, kind, trace)
	}
	sorted := make([]int, 0, len(kept))
	trace.details = slices.Grow(trace.details, len(kept)) // every sorted document gets a slot
	for _, i := range order {
		if !trace.filtered(int(i)) {
			trace.detail(int(i)).SortedPos = int32(len(sorted))
			sorted = append(sorted, int(i))
		}
	}
	return sorted
}

// sortByScore sorts indices best score first, stably: for distances, and
// for a document set whose scores have no total order.
func sortByScore(docs []value.Document, indices []int, kind ScoreKind, trace *traceTable) []int {
	sorted := append([]int(nil), indices...)
	sort.SliceStable(sorted, func(a, b int) bool {
		return kind.better(docs[sorted[a]].Score, docs[sorted[b]].Score)
	})
	trace.details = slices.Grow(trace.details, len(sorted))
	for pos, i := range sorted {
		trace.detail(i).SortedPos = int32(pos)
	}
	return sorted
}
