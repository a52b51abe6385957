package pipeline

import (
	"fmt"
	"math"
)

// SweepParam names the option a sweep varies.
type SweepParam int

const (
	SweepDedupThreshold SweepParam = iota // Settings.DedupThreshold
	SweepMinTokens                        // Settings.MinDocTokens
	SweepBudget                           // Options.Budget
	SweepTopK                             // Settings.TopK
)

// apply writes v into the option; a whole-number option takes v rounded.
func (p SweepParam) apply(o *Options, v float64) {
	switch p {
	case SweepDedupThreshold:
		o.DedupThreshold = v
	case SweepMinTokens:
		o.MinDocTokens = int(math.Round(v))
	case SweepBudget:
		o.Budget = int(math.Round(v))
	case SweepTopK:
		o.TopK = int(math.Round(v))
	}
}

// Of reads the option's value from o.
func (p SweepParam) Of(o Options) float64 {
	switch p {
	case SweepMinTokens:
		return float64(o.MinDocTokens)
	case SweepBudget:
		return float64(o.Budget)
	case SweepTopK:
		return float64(o.TopK)
	default:
		return o.DedupThreshold
	}
}

// filters: the option changes which documents pass the filter or their
// order, so each value needs the whole build.
func (p SweepParam) filters() bool { return p == SweepMinTokens }

// SweepPoint is what the pipeline does under one value of a swept
// option: the numbers a user weighs before choosing it.
type SweepPoint struct {
	Value float64 `json:"value"`
	// Kept is the documents left after filtering and deduplication.
	Kept int `json:"documents_kept"`
	// Duplicates is the documents removed as exact or near duplicates.
	Duplicates int `json:"duplicates_removed"`
	// Sent is the documents in the context block, whole, cut or
	// summarized.
	Sent int `json:"documents_sent"`
	// SentAfterCut is the block's documents the article's assembler
	// sends, whole or cut, once it cuts the block to the retrieved-context
	// allocation; Sent when the block fits. Counted only under
	// Options.SweepAssemblerCut (the workbench's budgeted request): the
	// headless sweep sends the block as it is and writes no such figure.
	SentAfterCut int `json:"-"`
	// TokensUsed is the block's tokens, as Result.TokensUsed.
	TokensUsed int `json:"tokens_used"`
	// ScoreSent is the sum of the sent documents' retrieval scores.
	ScoreSent float64 `json:"score_sent"`
}

func pointOf(a *Analysis, v float64, st *stagesAfterSort, opts Options, blk *sweepBlock) SweepPoint {
	blk.use(a, opts, st.outcome.placed)
	p := SweepPoint{Value: v, Kept: len(st.deduped), Duplicates: st.dupes, Sent: len(st.outcome.placed), TokensUsed: blk.tokens}
	for _, d := range st.outcome.placed {
		p.ScoreSent += d.doc.Score
	}
	p.SentAfterCut = p.Sent
	if opts.SweepAssemblerCut {
		p.SentAfterCut = docsBeforeCut(opts.Tokenizer, blk.text, p.TokensUsed, placedPieces(a, st.outcome.placed), opts.Budget)
	}
	// A sum of decimal scores carries binary noise (72.82500000000005):
	// nine decimals keep every digit a score has and drop the noise.
	p.ScoreSent = math.Round(p.ScoreSent*1e9) / 1e9
	return p
}

// Sweep builds once per value of param, every other option as in opts,
// and returns a point per value. The analysis's caches make each build
// cheap; an option that neither filters nor sorts shares one filter and
// sort across all values, and the dedup threshold reads the near pairs
// found once.
func Sweep(a *Analysis, opts Options, param SweepParam, values []float64) ([]SweepPoint, error) {
	if opts.Tokenizer == nil || opts.ShingleSize < 1 || opts.Budget < 0 {
		return nil, errUncheckedOptions
	}
	if err := checkDocumentCount(len(a.Docs)); err != nil {
		return nil, err
	}
	points := make([]SweepPoint, 0, len(values))
	opts.sweeping = true
	var blk sweepBlock // the block the values count, while they place the same documents
	tokens := a.Tokens(opts.Tokenizer)
	if param.filters() {
		// The filter and the sort read what they write (a document's
		// filtered mark), so each value starts from fresh traces: the
		// same table reset, its storage kept.
		trace := newTraceTable(len(a.Docs))
		for _, v := range values {
			o := opts
			param.apply(&o, v)
			if o.MinDocTokens < 0 {
				return nil, fmt.Errorf("sweep: minimum tokens %d is negative", o.MinDocTokens)
			}
			trace.reset()
			filtered := filterStage(a.Docs, tokens, o.Settings, &trace)
			sorted := sortStage(a, filtered, o.Scores, &trace)
			st := afterSort(a, o, tokens, &trace, len(filtered), sorted)
			points = append(points, pointOf(a, v, &st, o, &blk))
		}
		return points, nil
	}
	// One filter and sort serve every value, and their trace is the
	// scratch every value's stages write into: no stage after the sort
	// reads what an earlier value wrote (the nearest neighbours read the
	// sorted positions, which only the sort writes), and a point is
	// counted from the stages' outcome, not from the trace.
	trace := newTraceTable(len(a.Docs))
	filtered := filterStage(a.Docs, tokens, opts.Settings, &trace)
	sorted := sortStage(a, filtered, opts.Scores, &trace)
	for _, v := range values {
		o := opts
		param.apply(&o, v)
		if o.Budget < 0 || o.TopK < 0 {
			return nil, fmt.Errorf("sweep: budget %d or top-k %d is negative", o.Budget, o.TopK)
		}
		st := afterSort(a, o, tokens, &trace, len(filtered), sorted)
		points = append(points, pointOf(a, v, &st, o, &blk))
	}
	return points, nil
}
