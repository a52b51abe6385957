package pipeline

import (
	"fmt"
	"testing"
)

// TestSweepMatchesBuilds checks each point against a whole Build with
// that value, for every option a sweep varies.
func TestSweepMatchesBuilds(t *testing.T) {
	a := Analyze(benchDocs(400))
	values := map[SweepParam][]float64{
		SweepDedupThreshold: {0.3, 0.5, 0.51, 0.75, 0.9, 1},
		SweepMinTokens:      {0, 50, 150, 400},
		SweepBudget:         {0, 100, 1000, 4000, 50000},
	}
	for param, vs := range values {
		opts := DefaultOptions()
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
			if want := pointOf(v, res); points[n] != want {
				t.Errorf("param %d at %v: sweep %+v, build %+v", param, v, points[n], want)
			}
		}
	}
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
