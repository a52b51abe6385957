package core

import (
	"fmt"
	"math"

	"ctxlab/internal/numfmt"
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
