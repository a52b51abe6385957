package core

import (
	"fmt"
	"math"
)

// SweepValues are the values a sweep of k takes from current: the knob's
// range, with current among them when it lies inside it. Sweeps outside
// the pipeline's own (the eval aggregate's) walk the same values.
func (k *Knob) SweepValues(current float64) []float64 {
	return withValue(k.Sweep.Values(current), current)
}

// WithNumber is s with number knob k set to v, rounded to a whole number
// for an integer knob; the knob's own check and setter decide.
func (k *Knob) WithNumber(s Settings, v float64) (Settings, error) {
	var value KnobValue
	switch k.Kind {
	case KnobInt:
		value.Int = int(math.Round(v))
	case KnobFloat:
		value.Float = v
	default:
		return s, fmt.Errorf("%s is not a number knob", k.Flag)
	}
	if err := k.Check(value); err != nil {
		return s, err
	}
	if err := k.Set(&s, value, KnobContext{}); err != nil {
		return s, err
	}
	return s, nil
}
