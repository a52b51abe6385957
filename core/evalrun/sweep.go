package evalrun

import (
	"context"
	"fmt"
	"math"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/sweep"
	"ctxlab/core/window"
)

// AggregatePoint is the run's aggregate with the swept knob at Value.
type AggregatePoint struct {
	Value   float64
	Figures Figures
}

// AggregateSweep is the effect of every value of one knob on the whole
// run's aggregate, every other setting unchanged: what a threshold or a
// budget does to context recall and tokens across all queries, not one.
type AggregateSweep struct {
	Knob *core.Knob
	// Current is the knob's value in the settings swept from; Baseline
	// its value in a pinned baseline, NaN without one.
	Current, Baseline float64
	Points            []AggregatePoint
	// Note says how the sweep was clamped, as sweep.Sweep's.
	Note string
}

// sweepLimits are the bounds of k's sweep over the run: the most
// documents a query retrieved, and a budget at which the largest query's
// documents all fit, from their bytes.
func (p *Prepared) sweepLimits(k *core.Knob) core.SweepLimits {
	lim := core.SweepLimits{PerQuery: true, TokensFromBytes: true}
	for i := range p.Set.Queries {
		q := &p.Set.Queries[i]
		switch k.Sweep.Bound {
		case core.SweepToDocuments:
			lim.Documents = max(lim.Documents, q.Len())
		case core.SweepToTokens:
			lim.Tokens = max(lim.Tokens, pipeline.ByteCeiling(q.Documents()))
		}
	}
	return lim
}

// Sweep runs every query once per value of knob k, the other settings as
// s, across all cores. A worker runs every value on one query before it
// takes the next, so the query's analysis serves every value and is
// dropped after (OnePass), and what a sweep keeps of a query is a few
// counts a value. ctx stops it between queries. It returns the error a
// value-by-value sweep meets first: the first value's that cannot be
// run, or whose run fails, in the knob's order.
func (p *Prepared) Sweep(ctx context.Context, s core.Settings, k *core.Knob) (*AggregateSweep, error) {
	if k.Sweep == nil {
		return nil, fmt.Errorf("%s cannot be swept", k.Flag)
	}
	values, current, note, err := k.SweepValues(k.Get(s), p.sweepLimits(k))
	if err != nil {
		return nil, err
	}
	// Only the values before the first that cannot be run are run: a
	// sweep value by value stopped there.
	var points []sweepPoint
	var setupErr error
	for _, v := range values {
		pt, err := p.sweepPoint(s, k, v)
		if err != nil {
			setupErr = err
			break
		}
		points = append(points, pt)
	}
	n := len(p.Set.Queries)
	tallies := make([][]tally, len(points))
	errs := make([][]error, len(points))
	for j := range points {
		tallies[j], errs[j] = make([]tally, n), make([]error, n)
	}
	if len(points) > 0 {
		err := forEachQuery(ctx, n, func(i int) {
			q, analysis := &p.Set.Queries[i], p.analysisFor(i)
			for j, pt := range points {
				r, err := runQuery(q, analysis, pt.at, pt.opts, pt.cut, false)
				tallies[j][i], errs[j][i] = tallyOf(&r), err
			}
		})
		if err != nil {
			return nil, err
		}
	}
	sw := &AggregateSweep{Knob: k, Current: current, Baseline: math.NaN(), Note: note}
	for j, pt := range points {
		for _, err := range errs[j] {
			if err != nil {
				return nil, err
			}
		}
		figures := aggregateTallies(n, func(i int) tally { return tallies[j][i] })
		sw.Points = append(sw.Points, AggregatePoint{Value: pt.value, Figures: figures})
	}
	if setupErr != nil {
		return nil, setupErr
	}
	return sw, nil
}

// sweepPoint is one value of a sweep with the settings it is run under.
type sweepPoint struct {
	value float64
	at    core.Settings
	opts  pipeline.Options
	cut   bool
}

func (p *Prepared) sweepPoint(s core.Settings, k *core.Knob, v float64) (sweepPoint, error) {
	at, err := k.WithNumber(s, v)
	if err != nil {
		return sweepPoint{}, err
	}
	opts, err := runOptions(at)
	if err != nil {
		return sweepPoint{}, err
	}
	return sweepPoint{value: v, at: at, opts: opts, cut: at.Mode == window.Budgeted}, nil
}

// CurrentIndex is the point at (or nearest) the current value.
func (s *AggregateSweep) CurrentIndex() int { return s.nearest(s.Current) }

// BaselineIndex is the point nearest the baseline, or -1 without one.
func (s *AggregateSweep) BaselineIndex() int {
	if math.IsNaN(s.Baseline) {
		return -1
	}
	return s.nearest(s.Baseline)
}

func (s *AggregateSweep) nearest(v float64) int {
	return sweep.NearestPoint(len(s.Points), func(i int) float64 { return s.Points[i].Value }, v)
}
