package pipeline

import (
	"errors"

	"ctxlab/core/value"
)

// Build runs the reference's pipeline on an analysis: filter,
// sort, deduplicate, reorder, budget, format (or, with
// BudgetBeforeReorder, budget then reorder what was kept). It is pure and cheap: the
// per-document work comes from the Analysis. Its callers check the options
// against the knob table first (ValidateOptions, Settings.Validate); Build
// refuses only options it cannot run with at all.
func Build(a *Analysis, opts Options) (*Result, error) {
	if opts.Tokenizer == nil || opts.ShingleSize < 1 || opts.Budget < 0 {
		return nil, errUncheckedOptions
	}
	tokens := a.Tokens(opts.Tokenizer)
	trace := newDocTraces(a, tokens)

	filtered := filterStage(a.Docs, tokens, opts.Settings, trace)
	sorted := sortStage(a, filtered, opts.Scores, trace)
	return buildFromSorted(a, opts, tokens, trace, len(filtered), sorted), nil
}

// buildFromSorted runs the stages after the sort: what a sweep of a knob
// that neither filters nor sorts repeats per value.
func buildFromSorted(a *Analysis, opts Options, tokens []int, trace []DocTrace, afterFilter int, sorted []int) *Result {
	deduped, dupes := dedupStage(a, sorted, opts.DedupThreshold, opts.ShingleSize, a.dedupKeys(opts.DedupKey), trace)
	deduped, beyondTopK := topKStage(deduped, opts.TopK, trace)
	afterFilter -= beyondTopK // top-k's cut counts as filtered
	var ordered []int
	var reordered bool
	var outcome budgetOutcome
	budgetFirst := opts.BudgetBeforeReorder && opts.LostInMiddle
	if budgetFirst {
		outcome = budgetStage(a, deduped, tokens, opts, trace)
		ordered, reordered = reorderKept(a, &outcome, deduped, opts, trace)
	} else {
		ordered, reordered = reorderStage(deduped, opts.LostInMiddle, trace)
		outcome = budgetStage(a, ordered, tokens, opts, trace)
	}
	block, citations := formatBlock(outcome.placed)

	res := &Result{
		ContextBlock:      block,
		IncludedDocs:      make([]value.Document, len(outcome.placed)),
		ExcludedDocs:      make([]value.Document, len(outcome.excluded)),
		CitationMap:       citations,
		TokensUsed:        opts.Tokenizer.Count(block),
		TokensBudget:      opts.Budget,
		DuplicatesRemoved: dupes,
		Truncated:         len(outcome.excluded) > 0,
	}
	res.UtilizationPct = utilizationPct(res.TokensUsed, res.TokensBudget)
	cited := make([]int, len(outcome.placed))
	for n, p := range outcome.placed {
		res.IncludedDocs[n] = p.doc
		cited[n] = p.index
	}
	for n, i := range outcome.excluded {
		res.ExcludedDocs[n] = a.Docs[i]
	}
	res.Trace = Trace{
		Docs:        trace,
		Counts:      countStages(trace, afterFilter, dupes, reordered),
		Sorted:      sorted,
		Deduped:     deduped,
		Reordered:   ordered,
		Cited:       cited,
		BudgetUsed:  outcome.used,
		Tokenizer:   opts.Tokenizer.Name(),
		BudgetMode:  opts.BudgetMode,
		BudgetFirst: budgetFirst,
	}
	return res
}

// errUncheckedOptions is a caller's bug: options that skipped validation.
var errUncheckedOptions = errors.New("build: the options were not validated (no tokenizer, a shingle size below 1 or a negative budget)")

func newDocTraces(a *Analysis, tokens []int) []DocTrace {
	trace := make([]DocTrace, len(a.Docs))
	for i, d := range a.Docs {
		trace[i] = DocTrace{
			Index: i, Source: d.Source, Score: d.Score, Tokens: tokens[i],
			SortedPos: -1, PosBeforeReorder: -1, PosAfterReorder: -1, CutAt: -1,
		}
	}
	return trace
}

func countStages(trace []DocTrace, afterFilter, dupes int, reordered bool) StageCounts {
	c := StageCounts{Input: len(trace), Filtered: len(trace) - afterFilter, Duplicates: dupes, Reordered: reordered}
	for _, d := range trace {
		switch d.Fate {
		case FateIncluded:
			c.Included++
		case FatePartial:
			c.Partial++
		case FateSummarized:
			c.Summarized++
		case FateExcluded:
			c.Excluded++
		}
	}
	return c
}
