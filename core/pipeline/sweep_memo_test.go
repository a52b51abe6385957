package pipeline

import (
	"slices"
	"testing"
)

// TestCachedSweepReusesOnlyWhatItMay: moving the swept option alone
// returns the remembered points, equal to a fresh sweep's; changing any
// other option, or the values, sweeps again.
func TestCachedSweepReusesOnlyWhatItMay(t *testing.T) {
	a := Analyze(benchDocs(400))
	values := steps(0.5, 1, 0.05)
	opts := DefaultOptions()
	first, err := CachedSweep(a, opts, SweepDedupThreshold, values)
	if err != nil {
		t.Fatal(err)
	}
	moved := opts
	moved.DedupThreshold = 0.6
	again, err := CachedSweep(a, moved, SweepDedupThreshold, values)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(first, again) {
		t.Fatalf("moving the swept threshold changed the points:\n%+v\n%+v", first, again)
	}
	if e := a.sweeps[SweepDedupThreshold]; &e.points[0] == &again[0] {
		t.Fatal("the remembered points were handed out, not a copy")
	}

	for name, change := range map[string]func(*Options){
		"budget":     func(o *Options) { o.Budget = 300 },
		"min tokens": func(o *Options) { o.MinDocTokens = 150 },
		"shingles":   func(o *Options) { o.ShingleSize = 3 },
		"reorder":    func(o *Options) { o.LostInMiddle = false },
	} {
		o := opts
		change(&o)
		got, err := CachedSweep(a, o, SweepDedupThreshold, values)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Sweep(a, o, SweepDedupThreshold, values)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s changed: remembered points returned\n got %+v\nwant %+v", name, got, want)
		}
	}
	fewer := values[:3]
	got, err := CachedSweep(a, opts, SweepDedupThreshold, fewer)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(fewer) {
		t.Errorf("other values: %d points for %d values", len(got), len(fewer))
	}
}
