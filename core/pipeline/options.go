package pipeline

import (
	"ctxlab/core/tokens"
	"ctxlab/internal/choice"
)

// BudgetMode chooses how the budget stage charges documents.
type BudgetMode string

const (
	// BudgetReference charges each document's own tokens only, exactly as
	// the reference does; citation headers and separators are not
	// budgeted, so the formatted block may exceed the budget.
	BudgetReference BudgetMode = "reference"
	// BudgetStrict charges headers, separators and the " [...]" marker
	// too, and guarantees the formatted block fits the budget. It is
	// ctxlab's own mode; the reference has no equivalent.
	BudgetStrict BudgetMode = "strict"
)

// BudgetModes are the modes in display order, with their parser.
var BudgetModes = choice.Of("budget mode", BudgetReference, BudgetStrict)

// Options are what the reference's pipeline takes: its knobs and the
// context block's budget. DefaultOptions gives the reference's defaults.
type Options struct {
	Settings
	// Budget is the token budget for the context block: --budget in
	// `ctxlab build`, the retrieved-context allocation in an evaluation.
	Budget int
	// Query is the user's query, when known (the workbench, assemble):
	// a synopsis (SummarizeOverflow) then keeps the sentences that answer
	// it. The reference's pipeline itself never reads the query.
	Query string
	// SweepAssemblerCut makes Sweep count, per value, the documents the
	// article's assembler sends once it cuts the block to Budget tokens
	// (SweepPoint.SentAfterCut): the workbench sets it for a budgeted
	// request, whose assembler cuts the block; headless, the block is
	// what is sent and the count is not made.
	SweepAssemblerCut bool
	// BlockPrefix is written in front of the context block in the same
	// string (Result.PrefixedBlock), ContextBlock being its tail: a
	// caller that sends the block behind a heading (the article's
	// assembler, "Relevant context:\n") then holds one string where it
	// held the block and a copy of it behind the heading, 48 MB apiece
	// for a document whose source is that long.
	BlockPrefix string
	// sweeping: only the counts matter (Sweep), so the budget stage
	// spells no reason for the many documents that do not fit.
	sweeping bool
}

// Settings are the reference's knobs, everything its pipeline
// takes but the budget: what core.Settings holds, since there the budget is
// the retrieved-context allocation.
type Settings struct {
	// DedupThreshold is the Jaccard similarity at or above which a
	// document is a near duplicate of a kept one.
	DedupThreshold float64
	// MinDocTokens drops documents with fewer tokens than this.
	MinDocTokens int
	// LostInMiddle reorders documents so the strongest sit at both ends.
	LostInMiddle bool
	// BudgetBeforeReorder runs the budget on the relevance order and then
	// places what it kept strongest at both ends, instead of the
	// reference's reorder-then-budget, whose greedy walk spends itself
	// before the far end and drops strong documents placed there.
	// ctxlab's own; off by default, as the reference.
	BudgetBeforeReorder bool
	// ShingleSize is the number of words in one shingle.
	ShingleSize int
	// PartialMinRemaining is the budget that must remain, strictly more,
	// for the first document that does not fit to be included in part.
	PartialMinRemaining int
	// SummarizeOverflow represents documents that do not fit by an
	// extractive synopsis when that fits: the sentences that best cover
	// the query and the document within the remaining tokens. Making it work is
	// ctxlab's choice: the reference accepts summarize_overflow but no
	// code reads it, so its output never changes.
	SummarizeOverflow bool
	// BudgetMode is reference or strict.
	BudgetMode BudgetMode
	// Tokenizer counts every token in the pipeline.
	Tokenizer tokens.Tokenizer
	// MinScore, when MinScoreSet, drops documents scored worse than it
	// (below it for similarities, above it for distances). The reference
	// has no cutoff, so it is off by default.
	MinScore    float64
	MinScoreSet bool
	// TopK keeps the TopK best-ranked documents after deduplication,
	// before reordering and the budget; 0 keeps them all, as the
	// reference does.
	TopK int
	// Scores says which way a score points: similarity (the reference's
	// higher is better) or distance.
	Scores ScoreKind
	// DedupKey makes documents sharing a URL or a metadata field exact
	// duplicates too; none (the reference) compares content alone.
	DedupKey DedupKey
}

// DefaultBudget is the `ctxlab build` default budget in tokens.
const DefaultBudget = 4000

// DefaultOptions returns the reference's defaults with its heuristic
// tokenizer and a 4000-token budget.
func DefaultOptions() Options {
	return Options{
		Settings: Settings{
			DedupThreshold:      0.85,
			MinDocTokens:        5,
			LostInMiddle:        true,
			ShingleSize:         5,
			PartialMinRemaining: 50,
			SummarizeOverflow:   false,
			BudgetMode:          BudgetReference,
			Tokenizer:           tokens.Heuristic{},
			Scores:              ScoresSimilarity,
			DedupKey:            DedupKeyNone,
		},
		Budget: DefaultBudget,
	}
}
