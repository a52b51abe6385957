package controls

import (
	"strconv"
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
)

// TestEveryKnobIsAControlWithItsRange: the strip has a control for every
// knob of core's table that has one, in the table's order, with its label;
// a number steps no further than its range, and a typed value outside it
// is refused with the table's problem text after the label.
func TestEveryKnobIsAControlWithItsRange(t *testing.T) {
	defaults := core.DefaultSettings()
	controls := newControls(window.BuiltinPresets(), []string{"search", "draft"}, defaults)
	next := 0
	for _, k := range core.Knobs() {
		if next >= len(controls) || controls[next].ID != k.ID || controls[next].Label != k.Label {
			t.Fatalf("control %d is not knob %s (%q)", next, k.ID, k.Label)
		}
		c := controls[next]
		next++
		if k.Kind != core.KnobInt && k.Kind != core.KnobFloat {
			continue
		}
		at := func(n float64) core.Settings {
			s := defaults
			v := core.KnobValue{Int: int(n), Float: n}
			if err := k.Set(&s, v, core.KnobContext{}); err != nil {
				t.Fatalf("%s: %v", k.ID, err)
			}
			return s
		}
		s := at(k.Min)
		c.step(&s, -1)
		if got := k.Get(s).Number(k.Kind); got != k.Min {
			t.Errorf("%s: a step down from its minimum %v gave %v", k.ID, k.Min, got)
		}
		typed := strconv.FormatFloat(k.Min-1, 'g', -1, 64)
		if k.Bounded {
			s = at(k.Max)
			c.step(&s, +1)
			if got := k.Get(s).Number(k.Kind); got != k.Max {
				t.Errorf("%s: a step up from its maximum %v gave %v", k.ID, k.Max, got)
			}
			typed = strconv.FormatFloat(k.Max+1, 'g', -1, 64)
		}
		v, _ := k.ParseText(typed)
		want := k.Label + ": " + k.Check(v).Problem
		s = defaults
		if err := c.set(&s, typed); err == nil || err.Error() != want {
			t.Errorf("%s: typing %s: %v, want %q", k.ID, typed, err, want)
		}
	}
	if next != len(controls) {
		t.Errorf("%d controls, %d knobs with one", len(controls), next)
	}
}
