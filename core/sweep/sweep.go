package sweep

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
)

// Sweep is the effect of every value of one knob on the pipeline, every
// other setting unchanged.
type Sweep struct {
	Knob *core.Knob
	// Current is the knob's value in the settings swept from.
	Current float64
	// Baseline is the knob's value in the pinned baseline, when one is
	// pinned (the compare work sets it; NaN means none).
	Baseline float64
	Points   []pipeline.SweepPoint
	// AssemblerCut says the points count what the article's assembler
	// sends of each block (SweepPoint.SentAfterCut): the request is
	// budgeted, so its assembler cuts the block to the retrieved-context
	// allocation, and "in block" alone would overstate what is sent.
	AssemblerCut bool
	// Allocation is the retrieved-context allocation the block is cut to
	// at every value but the budget sweep's, where it is the value.
	Allocation int
	// Note says how the sweep was clamped, when the current value lay
	// past what can change the result ("" when it did not): Current is
	// then the limit, which gives the same result.
	Note string
}

// AllocationAt is the retrieved-context allocation at point i.
func (s *Sweep) AllocationAt(i int) int {
	if s.Knob.Sweep.Param == pipeline.SweepBudget {
		return int(math.Round(s.Points[i].Value))
	}
	return s.Allocation
}

// CurrentIndex is the point nearest the current value.
func (s *Sweep) CurrentIndex() int { return s.nearest(s.Current) }

// BaselineIndex is the point nearest the baseline, or -1 without one.
func (s *Sweep) BaselineIndex() int {
	if math.IsNaN(s.Baseline) {
		return -1
	}
	return s.nearest(s.Baseline)
}

func (s *Sweep) nearest(v float64) int {
	return NearestPoint(len(s.Points), func(i int) float64 { return s.Points[i].Value }, v)
}

// NearestPoint is the index of the value nearest v among n ascending
// swept values (the first of equally near ones): where a sweep marks the
// current value or the baseline. A value past either end is nearest that
// end, however far: at 2^63 the distances to 0 and to 100 are one float.
func NearestPoint(n int, valueAt func(i int) float64, v float64) int {
	if n > 0 && v >= valueAt(n-1) {
		return n - 1
	}
	best := 0
	for i := range n {
		if math.Abs(valueAt(i)-v) < math.Abs(valueAt(best)-v) {
			best = i
		}
	}
	return best
}

// Knobs are the knobs a sweep can vary, in table order.
func Knobs() []*core.Knob {
	var out []*core.Knob
	for _, k := range core.Knobs() {
		if k.Sweep != nil {
			out = append(out, k)
		}
	}
	return out
}

// KnobByFlag returns the sweepable knob named by its flag, or an
// error listing the ones there are.
func KnobByFlag(flag string) (*core.Knob, error) {
	var names []string
	for _, k := range Knobs() {
		if k.Flag == flag {
			return k, nil
		}
		names = append(names, k.Flag)
	}
	// "dedup-threshold=0.5,0.9" is a knob given with values of the
	// user's own: say the values are the sweep's, not that the knob
	// cannot be swept while listing it among the ones that can.
	if name, _, ok := strings.Cut(flag, "="); ok {
		for _, k := range Knobs() {
			if k.Flag == name {
				return nil, fmt.Errorf("%q: give the knob's name alone (%s); a sweep runs its own range of values around the current one", flag, name)
			}
		}
	}
	return nil, fmt.Errorf("%q cannot be swept (expected %s)", flag, strings.Join(names, ", "))
}

// Options sweeps knob k over the pipeline with options opts on a.
// The analysis remembers the sweep, so a change of k alone reuses it.
func Options(a *pipeline.Analysis, opts pipeline.Options, k *core.Knob) (*Sweep, error) {
	if k.Sweep == nil {
		return nil, fmt.Errorf("%s cannot be swept", k.Flag)
	}
	if opts.Tokenizer == nil {
		return nil, errors.New("sweep: no tokenizer set")
	}
	var lim core.SweepLimits
	switch k.Sweep.Bound {
	case core.SweepToDocuments:
		lim.Documents = len(a.Docs)
	case core.SweepToTokens:
		lim.Tokens = pipeline.BudgetCeiling(a, opts.Tokenizer)
	}
	// The knob's own value, read before it is a float: an int past 2^53
	// is compared with the limit exactly.
	at := core.Settings{Pipeline: opts.Settings}
	at.Budget.RetrievedContext = opts.Budget
	values, current, note, err := k.SweepValues(k.Get(at), lim)
	if err != nil {
		return nil, err
	}
	points, err := pipeline.CachedSweep(a, opts, k.Sweep.Param, values)
	if err != nil {
		return nil, err
	}
	return &Sweep{Knob: k, Current: current, Baseline: math.NaN(), Points: points, AssemblerCut: opts.SweepAssemblerCut,
		Allocation: opts.Budget, Note: note}, nil
}

// errSweepBuilder: a sweep varies the reference pipeline's knobs.
var errSweepBuilder = errors.New("a sweep needs the context_manager builder: the rag builder has no dedup, filter or pipeline budget")

// errSweepFormatAll: with --rerank-format-all no builder runs.
var errSweepFormatAll = errors.New("a sweep needs the context_manager builder to run: with rerank format-all the reranked documents are formatted whole, as the article does, and no pipeline runs")

// Evaluation sweeps knob k from an evaluation's settings and its
// analysis (the reranked documents when reranking is on), so the
// workbench's sweep reuses every cache the evaluation filled.
func Evaluation(ev *core.Evaluation, k *core.Knob) (*Sweep, error) {
	if ev.Settings.Builder != core.BuilderContextManager {
		return nil, errSweepBuilder
	}
	if ev.Build == nil {
		return nil, errSweepFormatAll
	}
	opts := pipeline.Options{Settings: ev.Settings.Pipeline, Budget: ev.Settings.Budget.RetrievedContext,
		SweepAssemblerCut: assemblerCutsBlock(ev)}
	return Options(ev.Analysis, opts, k)
}

// assemblerCutsBlock reports whether the evaluation's assembler cuts the
// pipeline's block to the retrieved-context allocation: a budgeted
// assembly does (measured as sent, nothing is cut), whatever the layout.
func assemblerCutsBlock(ev *core.Evaluation) bool {
	return ev.Assembly != nil && ev.Assembly.Mode == window.Budgeted
}

// Series is one measure of a sweep across its values.
type Series struct {
	Name   string
	Values []float64
	// Unit and Units name what a value counts, one and many ("document",
	// "documents"), so a range can be said in words; empty for a sum of
	// scores, which counts nothing.
	Unit, Units string
}

// defaultMeasures is the order of a knob that names none.
var defaultMeasures = []core.SweepMeasure{core.MeasureRemoved, core.MeasureKept, core.MeasureSent, core.MeasureUsed, core.MeasureScore}

// Series are the sweep's measures in the order its knob's table entry
// gives, the one that tells most about the knob first: duplicates removed
// for the threshold, documents kept for min tokens, tokens used for the
// budget.
func (s *Sweep) Series() []Series {
	of := func(name, unit, units string, f func(pipeline.SweepPoint) float64) Series {
		out := Series{Name: name, Values: make([]float64, len(s.Points)), Unit: unit, Units: units}
		for i, p := range s.Points {
			out.Values[i] = f(p)
		}
		return out
	}
	removed := of("duplicates removed", "duplicate", "duplicates", func(p pipeline.SweepPoint) float64 { return float64(p.Duplicates) })
	kept := of("documents kept", "document", "documents", func(p pipeline.SweepPoint) float64 { return float64(p.Kept) })
	// The pipeline's block; the assembler may cut it further (sentAfter).
	sent := of("documents in block", "document", "documents", func(p pipeline.SweepPoint) float64 { return float64(p.Sent) })
	used := of("tokens used", "token", "tokens", func(p pipeline.SweepPoint) float64 { return float64(p.TokensUsed) })
	score := of("sum of block scores", "", "", func(p pipeline.SweepPoint) float64 { return p.ScoreSent })
	measures := map[core.SweepMeasure]Series{core.MeasureRemoved: removed, core.MeasureKept: kept, core.MeasureSent: sent, core.MeasureUsed: used, core.MeasureScore: score}
	order := s.Knob.Sweep.Measures
	if len(order) == 0 {
		order = defaultMeasures
	}
	series := make([]Series, len(order))
	for i, m := range order {
		series[i] = measures[m]
	}
	if !s.AssemblerCut {
		return series
	}
	// What the request sends of the block, after the assembler cuts it to
	// the retrieved-context allocation, right after the block's count.
	sentAfter := of("documents sent", "document", "documents", func(p pipeline.SweepPoint) float64 { return float64(p.SentAfterCut) })
	i := slices.IndexFunc(series, func(x Series) bool { return x.Name == sent.Name })
	return slices.Insert(series, i+1, sentAfter)
}
