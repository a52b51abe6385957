package pipeline

import (
	"slices"
)

// sweepKey is everything a sweep's points depend on besides the
// analysis: the swept option, the values, and every other option. The
// swept option's own value is zeroed, so moving the knob a sweep varies
// (the workbench's control, one step at a time) finds the sweep already
// made: its points do not depend on where the knob stands.
type sweepKey struct {
	param     SweepParam
	settings  Settings // Tokenizer nil: named by tokenizer
	tokenizer string
	budget    int
	query     string
	// cut: the points count the assembler's cut or do not.
	cut bool
}

func sweepKeyOf(opts Options, param SweepParam) sweepKey {
	param.apply(&opts, 0)
	s := opts.Settings
	s.Tokenizer = nil
	return sweepKey{param: param, settings: s, tokenizer: opts.Tokenizer.Name(), budget: opts.Budget, query: opts.Query, cut: opts.SweepAssemblerCut}
}

// sweepEntry is one remembered sweep.
type sweepEntry struct {
	key    sweepKey
	values []float64
	points []SweepPoint
}

// CachedSweep is Sweep, remembering the last sweep of each option on the
// analysis: asked again with the same options but for the swept one's
// value, it returns the points it made (a copy) without building again.
// Token counts per tokenizer are the analysis's own, so the tokenizer's
// name stands for it.
func CachedSweep(a *Analysis, opts Options, param SweepParam, values []float64) ([]SweepPoint, error) {
	if opts.Tokenizer == nil {
		return nil, errUncheckedOptions
	}
	key := sweepKeyOf(opts, param)
	a.mu.Lock()
	e, ok := a.sweeps[param]
	a.mu.Unlock()
	if ok && e.key == key && slices.Equal(e.values, values) {
		return slices.Clone(e.points), nil
	}
	points, err := Sweep(a, opts, param, values)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	if a.sweeps == nil {
		a.sweeps = make(map[SweepParam]sweepEntry)
	}
	a.sweeps[param] = sweepEntry{key: key, values: slices.Clone(values), points: slices.Clone(points)}
	a.mu.Unlock()
	return points, nil
}
