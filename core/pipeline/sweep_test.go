package pipeline

import (
	"fmt"
	"math"
	"testing"
)

// TestSweepMatchesBuilds checks each point against a whole Build with
// that value, for every option a sweep varies, in both budget modes and
// both orders of budget and reorder: a sweep reuses one trace for every
// value, so a value must not see what the one before it wrote.
func TestSweepMatchesBuilds(t *testing.T) {
	a := Analyze(benchDocs(400))
	values := map[SweepParam][]float64{
		SweepDedupThreshold: {0.3, 0.5, 0.51, 0.75, 0.9, 1, 0.5},
		SweepMinTokens:      {0, 50, 150, 400, 50},
		SweepBudget:         {0, 100, 1000, 4000, 50000, 100},
		SweepTopK:           {0, 1, 5, 30, 400, 5},
	}
	variants := map[string]func(*Options){
		"default":       func(*Options) {},
		"strict":        func(o *Options) { o.BudgetMode = BudgetStrict },
		"budget first":  func(o *Options) { o.BudgetBeforeReorder = true },
		"no reordering": func(o *Options) { o.LostInMiddle = false },
	}
	for name, variant := range variants {
		for param, vs := range values {
			opts := DefaultOptions()
			variant(&opts)
			points, err := Sweep(a, opts, param, vs)
			if err != nil {
				t.Fatal(err)
			}
			for n, v := range vs {
				o := opts
				param.apply(&o, v)
				res, err := Build(a, o)
				if err != nil {
					t.Fatal(err)
				}
				if want := pointOfResult(v, res); points[n] != want {
					t.Errorf("%s, param %d at %v: sweep %+v, build %+v", name, param, v, points[n], want)
				}
			}
		}
	}
}

// pointOfResult reads a point from a whole Build's Result, as a user
// of the Result would. Without SweepAssemblerCut nothing is cut after
// the block, so what is sent is the block's documents.
func pointOfResult(v float64, r *Result) SweepPoint {
	p := SweepPoint{Value: v, Kept: len(r.Trace.Deduped), Duplicates: r.DuplicatesRemoved, Sent: len(r.IncludedDocs), TokensUsed: r.TokensUsed}
	p.SentAfterCut = p.Sent
	for _, d := range r.IncludedDocs {
		p.ScoreSent += d.Score
	}
	p.ScoreSent = math.Round(p.ScoreSent*1e9) / 1e9
	return p
}

// TestSweepDedupFallsAsThresholdRises: the benchmark documents' near
// copies are removed at 0.50 and kept at 1.00.
func TestSweepDedupFallsAsThresholdRises(t *testing.T) {
	var vs []float64
	for i := 50; i <= 100; i++ {
		vs = append(vs, float64(i)/100)
	}
	points, err := Sweep(Analyze(benchDocs(1000)), DefaultOptions(), SweepDedupThreshold, vs)
	if err != nil {
		t.Fatal(err)
	}
	if first, last := points[0].Duplicates, points[len(points)-1].Duplicates; first <= last {
		t.Errorf("duplicates at 0.50: %d, at 1.00: %d; want more at 0.50", first, last)
	}
	// Deduplication only splits the filtered documents between kept and
	// removed: their sum is the same at every threshold.
	for _, p := range points {
		if p.Kept+p.Duplicates != points[0].Kept+points[0].Duplicates {
			t.Errorf("at %v: %d kept + %d removed, at 0.50: %d + %d", p.Value, p.Kept, p.Duplicates, points[0].Kept, points[0].Duplicates)
		}
	}
}

// BenchmarkSweep sweeps each option over the range its control sweeps,
// from an analysis whose caches are warm (as in the workbench).
func BenchmarkSweep(b *testing.B) {
	ranges := map[string]struct {
		param  SweepParam
		values []float64
	}{
		"dedup":      {SweepDedupThreshold, steps(0.5, 1, 0.01)},
		"min-tokens": {SweepMinTokens, steps(0, 100, 2)},
		"budget":     {SweepBudget, steps(0, 8000, 160)},
		"top-k":      {SweepTopK, steps(0, 30, 1)},
	}
	for _, name := range []string{"dedup", "min-tokens", "budget", "top-k"} {
		r := ranges[name]
		for _, n := range []int{1000, 10000, 100000} {
			b.Run(fmt.Sprintf("%s/docs=%d", name, n), func(b *testing.B) {
				a := Analyze(benchDocs(n))
				if _, err := Sweep(a, DefaultOptions(), r.param, r.values[:1]); err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				for range b.N {
					if _, err := Sweep(a, DefaultOptions(), r.param, r.values); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func steps(from, to, step float64) []float64 {
	var out []float64
	for i := 0; from+float64(i)*step <= to+step/2; i++ {
		out = append(out, from+float64(i)*step)
	}
	return out
}
