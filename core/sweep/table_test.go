package sweep

import (
	"slices"
	"testing"
)

// Every sweepable knob describes its values for the help and, when it
// orders its measures, names each measure once.
func TestSweepableKnobsDeclareTheirSweep(t *testing.T) {
	for _, k := range Knobs() {
		if k.Sweep.Describe == "" || k.Sweep.Values == nil {
			t.Errorf("%s: no values or no description", k.Flag)
		}
		if m := k.Sweep.Measures; len(m) > 0 {
			sorted := slices.Sorted(slices.Values(m))
			if !slices.Equal(sorted, defaultMeasures) {
				t.Errorf("%s: measures %v, want each of %v once", k.Flag, m, defaultMeasures)
			}
		}
	}
}
