package core

import (
	"fmt"
	"math"
	"slices"

	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
)

// KnobSweep says how a knob is swept: the pipeline option it varies and
// the values it takes, given the knob's current value.
type KnobSweep struct {
	Param pipeline.SweepParam
	// Bound is what a value past which nothing changes counts, if any.
	Bound SweepBound
	// Values are the values from current, none past limit (+Inf for a
	// fixed range). current is finite, in the knob's range and within
	// limit: SweepValues checks and clamps it first.
	Values func(current, limit float64) []float64
	// Describe says the values in words, for the commands' help.
	Describe string
	// Measures are the sweep's measures, the one that tells most about
	// the knob first; every one of them, or none for the default order.
	Measures []SweepMeasure
}

// SweepBound is what bounds a sweep: past the documents there are, a
// top-k keeps every one; past the tokens of every document, a budget
// fits them all. A fixed range needs no bound.
type SweepBound int

const (
	SweepFixed       SweepBound = iota // the values do not depend on the current one
	SweepToDocuments                   // bounded by the input's documents
	SweepToTokens                      // bounded by the input's tokens, every document with its header
)

// SweepLimits are the bounds of one input: its documents and a budget at
// which all of them fit (pipeline.BudgetCeiling), or of the largest
// query's in a run.
type SweepLimits struct {
	Documents int
	Tokens    int
	// PerQuery: the limits are the largest query's of a run, and
	// TokensFromBytes says Tokens counts its documents' bytes, which no
	// tokenizer counts more tokens than (pipeline.ByteCeiling).
	PerQuery, TokensFromBytes bool
}

// maxSweepValues bounds how many values any sweep takes: each is a run of
// the pipeline.
const maxSweepValues = 102

// fixedSweep is from, from+step, ..., to, each value computed from its
// index so that 0.01 steps land on 0.57, not 0.5700000000000001.
func fixedSweep(from, to, step float64) func(float64, float64) []float64 {
	return func(float64, float64) []float64 { return steps(from, to, step) }
}

func steps(from, to, step float64) []float64 {
	if !(step > 0) || !(to >= from) {
		return []float64{from}
	}
	n := int(math.Round((to-from)/step)) + 1
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Round((from+float64(i)*step)*1e6) / 1e6
	}
	return out
}

// budgetSweep is 0 to twice the current budget (at least 1,000 tokens)
// in 50 whole-token steps, the current value mid-chart; it stops at the
// budget at which every document fits.
func budgetSweep(current, limit float64) []float64 {
	top := min(max(1000, 2*current), limit)
	step := math.Ceil(top / 50)
	return upTo(steps(0, step*50, step), limit)
}

// topKSweep is 0 (every document, the default) then 1 to 30 documents,
// or to twice the current top-k when that is more, and no further than
// the documents there are; past 100 in 100 whole steps.
func topKSweep(current, limit float64) []float64 {
	top := min(max(30, 2*current), limit)
	step := max(1, math.Ceil(top/100))
	return upTo(steps(0, math.Ceil(top/step)*step, step), limit)
}

// upTo is the ascending values up to limit, limit itself last when the
// values went past it, so a sweep ends where nothing more changes.
func upTo(values []float64, limit float64) []float64 {
	i, found := slices.BinarySearch(values, limit)
	if i == len(values) {
		return values
	}
	if !found {
		values = append(values[:i], limit)
	}
	return values[:i+1]
}

// withValue inserts v into the ascending values when it lies within
// them and is not one of them, so the current value always has a point.
func withValue(values []float64, v float64) []float64 {
	if len(values) == 0 || v < values[0] || v > values[len(values)-1] {
		return values
	}
	i, found := slices.BinarySearch(values, v)
	if found {
		return values
	}
	return slices.Insert(values, i, v)
}

// SweepMeasure names one measure of a sweep's points.
type SweepMeasure int

const (
	MeasureRemoved SweepMeasure = iota // duplicates removed
	MeasureKept                        // documents kept
	MeasureSent                        // documents in the block
	MeasureUsed                        // the block's tokens
	MeasureScore                       // the sum of the block's scores
)

// SweepValues are the values a sweep of k takes from its current value,
// within the input's limits: the knob's range, with the current value
// among them when it lies inside it. Sweeps outside the pipeline's own
// (the eval aggregate's) walk the same values. A current value outside
// the knob's range is refused, naming the knob, and one past what can
// change the result (a top-k past the documents, a budget past their
// tokens) is clamped to it, both before any arithmetic; note says what
// was clamped. from is the value the sweep stands at: the current one,
// or the limit it was clamped to, which gives the same result.
func (k *Knob) SweepValues(current KnobValue, lim SweepLimits) (values []float64, from float64, note string, err error) {
	if k.Sweep == nil || (k.Kind != KnobInt && k.Kind != KnobFloat) {
		return nil, 0, "", fmt.Errorf("%s cannot be swept", k.Flag)
	}
	if err := k.Check(current); err != nil {
		return nil, 0, "", err.optionError()
	}
	// A limit is a whole number a float holds exactly, so every value up
	// to it converts back to an int.
	limit, counted := -1, ""
	switch k.Sweep.Bound {
	case SweepToDocuments:
		limit = min(max(0, lim.Documents), maxExactInt)
		counted = numfmt.Count(limit, "document", "documents")
		if lim.PerQuery {
			counted += " the largest query retrieved"
		}
	case SweepToTokens:
		limit = min(max(0, lim.Tokens), maxExactInt)
		counted = numfmt.Count(limit, "token", "tokens") + " every document takes with its citation header"
		if lim.TokensFromBytes {
			counted = numfmt.Count(limit, "byte", "bytes") + " of the largest query's documents with their citation headers (no text has more tokens than bytes)"
		}
	}
	from = current.Number(k.Kind)
	if limit >= 0 && k.Kind == KnobInt && current.Int > limit {
		from = float64(limit)
		note = fmt.Sprintf("the %s sweep stops at %s: %s is past the %s, and every larger value gives the same result",
			k.Flag, numfmt.Thousands(limit), numfmt.Thousands(current.Int), counted)
	}
	top := math.Inf(1)
	if limit >= 0 {
		top = float64(limit)
	}
	values = withValue(k.Sweep.Values(from, top), from)
	if len(values) > maxSweepValues {
		// Every generator stays within it; a new one that does not is
		// caught here rather than run value by value.
		return nil, 0, "", fmt.Errorf("%s: a sweep of %d values (at most %d)", k.Flag, len(values), maxSweepValues)
	}
	return values, from, note, nil
}

// maxExactInt is the largest whole number a float64 holds exactly, 2^53.
const maxExactInt = 1 << 53

// WithNumber is s with number knob k set to v, rounded to a whole number
// for an integer knob; the knob's own check and setter decide. v is
// checked against the knob's range before it is converted.
func (k *Knob) WithNumber(s Settings, v float64) (Settings, error) {
	if k.Kind != KnobInt && k.Kind != KnobFloat {
		return s, fmt.Errorf("%s is not a number knob", k.Flag)
	}
	if problem := k.rangeProblem(v, k.FormatNumber(v)); problem != "" {
		return s, &KnobError{Knob: k, Problem: problem, valueFirst: true}
	}
	var value KnobValue
	switch k.Kind {
	case KnobInt:
		if math.Abs(v) > maxExactInt {
			return s, &KnobError{Knob: k, Problem: k.FormatNumber(v) + " is too large a number", valueFirst: true}
		}
		value.Int = int(math.Round(v))
	case KnobFloat:
		value.Float = v
	}
	if err := k.Check(value); err != nil {
		return s, err
	}
	if err := k.Set(&s, value, KnobContext{}); err != nil {
		return s, err
	}
	return s, nil
}
