package core

import (
	"math"
	"strings"
	"testing"
)

// extremeInts and extremeFloats are the values the fuzzers start from:
// the ends of an int, the floats that break arithmetic, and the ones
// near a knob's own range.
var (
	extremeInts   = []int{0, 1, -1, 60, 100, 1 << 31, math.MaxInt32, math.MaxInt64, math.MinInt64, math.MaxInt64 / 2, 1 << 53, 1<<53 + 1}
	extremeFloats = []float64{0, math.Copysign(0, -1), 0.5, 0.85, 1, 1.0000001, -1, math.NaN(), math.Inf(1), math.Inf(-1), 1e308, -1e308,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p63, -0x1p63, 0x1p64}
)

// FuzzSweepValues: for any current value and limits, a sweepable knob's
// values are refused with an error naming the knob, or are a bounded,
// ascending list of finite values within the knob's range and the
// limit, each of which the knob takes.
func FuzzSweepValues(f *testing.F) {
	for i, n := range extremeInts {
		for j, x := range extremeFloats {
			if (i+j)%3 == 0 {
				f.Add(uint8(i+j), n, x, 60, 8000)
			}
		}
		f.Add(uint8(i), n, math.NaN(), n, n)
	}
	var knobs []*Knob // the sweepable ones
	for _, k := range Knobs() {
		if k.Sweep != nil {
			knobs = append(knobs, k)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, n int, x float64, docs, tokens int) {
		k := knobs[int(which)%len(knobs)]
		values, from, note, err := k.SweepValues(KnobValue{Int: n, Float: x}, SweepLimits{Documents: docs, Tokens: tokens})
		if err != nil {
			if !strings.Contains(err.Error(), k.Flag) {
				t.Fatalf("%s: error %q does not name the knob", k.Flag, err)
			}
			return
		}
		if len(values) == 0 || len(values) > maxSweepValues {
			t.Fatalf("%s from %v: %d values", k.Flag, KnobValue{Int: n, Float: x}, len(values))
		}
		limit, clamped := math.Inf(1), false
		switch k.Sweep.Bound {
		case SweepToDocuments:
			limit, clamped = float64(min(max(0, docs), maxExactInt)), n > min(max(0, docs), maxExactInt)
		case SweepToTokens:
			limit, clamped = float64(min(max(0, tokens), maxExactInt)), n > min(max(0, tokens), maxExactInt)
		}
		if from > limit || (note != "") != clamped {
			t.Fatalf("%s: from %v past the limit %v, or note %q", k.Flag, from, limit, note)
		}
		for i, v := range values {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < k.Min || (k.Bounded && v > k.Max) || v > limit || (i > 0 && v <= values[i-1]) {
				t.Fatalf("%s: value %d of %v out of order or range", k.Flag, i, values)
			}
			if _, err := k.WithNumber(DefaultSettings(), v); err != nil {
				t.Fatalf("%s: swept value %v refused: %v", k.Flag, v, err)
			}
		}
	})
}

// FuzzKnobNumber: any number given to a number knob, typed or set, is
// taken within its range or refused with an error naming it.
func FuzzKnobNumber(f *testing.F) {
	for i, x := range extremeFloats {
		f.Add(uint8(i), x, "")
	}
	for i, n := range extremeInts {
		f.Add(uint8(i), 0.0, strings.Repeat("9", i))
		_ = n
	}
	for _, text := range []string{"9223372036854775807", "9223372036854775808", "-9223372036854775809", "NaN", "Inf", "-Inf", "1e308", "1e309", "-0", "0x1p-1074", "1,000", "+Inf", " 5 "} {
		f.Add(uint8(len(text)), 0.0, text)
	}
	var numbers []*Knob
	for _, k := range Knobs() {
		if k.Kind == KnobInt || k.Kind == KnobFloat {
			numbers = append(numbers, k)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, x float64, text string) {
		k := numbers[int(which)%len(numbers)]
		if s, err := k.WithNumber(DefaultSettings(), x); err != nil {
			if !strings.Contains(err.Error(), k.Flag) {
				t.Fatalf("%s: error %q does not name the knob", k.Flag, err)
			}
		} else if cerr := k.Check(k.Get(s)); cerr != nil {
			t.Fatalf("%s: %v taken, then refused: %v", k.Flag, x, cerr)
		}
		v, perr := k.ParseText(text)
		if perr != nil {
			if !strings.Contains(perr.Error(), k.Flag) {
				t.Fatalf("%s: error %q does not name the knob", k.Flag, perr)
			}
			return
		}
		if cerr := k.Check(v); cerr == nil {
			n := v.Number(k.Kind)
			if math.IsNaN(n) || math.IsInf(n, 0) || n < k.Min || (k.Bounded && n > k.Max) {
				t.Fatalf("%s: %q passed the check as %v", k.Flag, text, n)
			}
		} else if !strings.Contains(cerr.Error(), k.Flag) {
			t.Fatalf("%s: error %q does not name the knob", k.Flag, cerr)
		}
	})
}
