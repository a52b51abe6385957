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
	if err := checkDocumentCount(len(a.Docs)); err != nil {
		return nil, err
	}
	tokens := a.Tokens(opts.Tokenizer)
	trace := newTraceTable(len(a.Docs))

	filtered := filterStage(a.Docs, tokens, opts.Settings, &trace)
	sorted := sortStage(a, filtered, opts.Scores, &trace)
	st := afterSort(a, opts, tokens, &trace, len(filtered), sorted)
	res := st.result(a, opts, &trace)
	res.Trace.tokens = tokens
	return res, nil
}

// stagesAfterSort is what the stages after the sort decided: what a
// sweep of a knob that neither filters nor sorts repeats per value, and
// reads its point from without making a Result.
type stagesAfterSort struct {
	sorted, deduped, ordered []int
	afterFilter, dupes       int
	reordered, budgetFirst   bool
	outcome                  budgetOutcome
	block, prefixed          string
	citations                map[int]string
}

// afterSort runs deduplication, top-k, the reorder and the budget, and
// formats the block, but for a sweep.
func afterSort(a *Analysis, opts Options, tokens TokenCounts, trace *traceTable, afterFilter int, sorted []int) stagesAfterSort {
	st := stagesAfterSort{sorted: sorted}
	deduped, dupes := dedupStage(a, sorted, opts.DedupThreshold, opts.ShingleSize, a.dedupKeys(opts.DedupKey), trace)
	deduped, beyondTopK := topKStage(deduped, opts.TopK, trace, !opts.sweeping)
	st.deduped, st.dupes = deduped, dupes
	st.afterFilter = afterFilter - beyondTopK // top-k's cut counts as filtered
	st.budgetFirst = opts.BudgetBeforeReorder && opts.LostInMiddle
	if st.budgetFirst {
		st.outcome = budgetStage(a, deduped, tokens, opts, trace)
		st.ordered, st.reordered = reorderKept(a, &st.outcome, deduped, opts, trace)
	} else {
		st.ordered, st.reordered = reorderStage(deduped, opts.LostInMiddle, trace)
		st.outcome = budgetStage(a, st.ordered, tokens, opts, trace)
	}
	if !opts.sweeping { // a sweep formats only the blocks it must count (sweepBlock)
		st.prefixed, st.citations = formatBlockAfter(opts.BlockPrefix, st.outcome.placed)
		st.block = st.prefixed[len(opts.BlockPrefix):]
		if opts.BlockPrefix == "" {
			st.prefixed = ""
		}
	}
	return st
}

// result is the Result and its Trace.
func (st *stagesAfterSort) result(a *Analysis, opts Options, trace *traceTable) *Result {
	outcome := st.outcome
	res := &Result{
		ContextBlock:      st.block,
		prefixed:          st.prefixed,
		IncludedDocs:      make([]value.Document, len(outcome.placed)),
		ExcludedDocs:      make([]value.Document, len(outcome.excluded)),
		CitationMap:       st.citations,
		TokensUsed:        blockTokens(a, opts.Tokenizer, outcome.placed, st.block),
		TokensBudget:      opts.Budget,
		DuplicatesRemoved: st.dupes,
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
		docs:        a.Docs,
		docTraces:   *trace,
		Counts:      countStages(trace, st.afterFilter, st.dupes, st.reordered),
		Sorted:      st.sorted,
		Deduped:     st.deduped,
		Reordered:   st.ordered,
		Cited:       cited,
		BudgetUsed:  outcome.used,
		Tokenizer:   opts.Tokenizer.Name(),
		BudgetMode:  opts.BudgetMode,
		BudgetFirst: st.budgetFirst,
	}
	return res
}

// errUncheckedOptions is a caller's bug: options that skipped validation.
var errUncheckedOptions = errors.New("build: the options were not validated (no tokenizer, a shingle size below 1 or a negative budget)")

func countStages(trace *traceTable, afterFilter, dupes int, reordered bool) StageCounts {
	c := StageCounts{Input: trace.len(), Filtered: trace.len() - afterFilter, Duplicates: dupes, Reordered: reordered}
	for _, d := range trace.states {
		switch d.fate() {
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
