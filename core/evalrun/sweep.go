package evalrun

import (
	"context"
	"fmt"
	"math"

	"ctxlab/core"
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
}

// Sweep runs every query once per value of knob k, the other settings as
// s; each run spreads over all cores, and ctx stops it between values.
func (p *Prepared) Sweep(ctx context.Context, s core.Settings, k *core.Knob) (*AggregateSweep, error) {
	if k.Sweep == nil {
		return nil, fmt.Errorf("%s cannot be swept", k.Flag)
	}
	current := k.Get(s).Number(k.Kind)
	sw := &AggregateSweep{Knob: k, Current: current, Baseline: math.NaN()}
	for _, v := range k.SweepValues(current) {
		at, err := k.WithNumber(s, v)
		if err != nil {
			return nil, err
		}
		figures, err := p.Aggregate(ctx, at)
		if err != nil {
			return nil, err
		}
		sw.Points = append(sw.Points, AggregatePoint{Value: v, Figures: figures})
	}
	return sw, nil
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
	return core.NearestPoint(len(s.Points), func(i int) float64 { return s.Points[i].Value }, v)
}
