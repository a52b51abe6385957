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
	// TokensUsed is the block's tokens, as Result.TokensUsed.
	TokensUsed int `json:"tokens_used"`
	// ScoreSent is the sum of the sent documents' retrieval scores.
	ScoreSent float64 `json:"score_sent"`
}

func pointOf(v float64, r *Result) SweepPoint {
	p := SweepPoint{Value: v, Kept: len(r.Trace.Deduped), Duplicates: r.DuplicatesRemoved, Sent: len(r.IncludedDocs), TokensUsed: r.TokensUsed}
	for _, d := range r.IncludedDocs {
		p.ScoreSent += d.Score
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
	points := make([]SweepPoint, 0, len(values))
	opts.sweeping = true
	if param.filters() {
		for _, v := range values {
			o := opts
			param.apply(&o, v)
			if o.MinDocTokens < 0 {
				return nil, fmt.Errorf("sweep: minimum tokens %d is negative", o.MinDocTokens)
			}
			res, err := Build(a, o)
			if err != nil {
				return nil, err
			}
			points = append(points, pointOf(v, res))
		}
		return points, nil
	}
	tokens := a.Tokens(opts.Tokenizer)
	base := newDocTraces(a, tokens)
	filtered := filterStage(a.Docs, tokens, opts.Settings, base)
	sorted := sortStage(a, filtered, opts.Scores, base)
	trace := make([]DocTrace, len(base))
	for _, v := range values {
		o := opts
		param.apply(&o, v)
		if o.Budget < 0 || o.TopK < 0 {
			return nil, fmt.Errorf("sweep: budget %d or top-k %d is negative", o.Budget, o.TopK)
		}
		copy(trace, base)
		points = append(points, pointOf(v, buildFromSorted(a, o, tokens, trace, len(filtered), sorted)))
	}
	return points, nil
}
