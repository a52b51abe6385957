package core

import (
	"math"
	"strings"
	"testing"
)

// A float past what an int holds is refused as too large, naming the
// knob, before it is converted: converted first, 1e300 became
// -9223372036854775808 and was refused as negative.
func TestWithNumberRefusesAFloatPastAnInt(t *testing.T) {
	for _, id := range []string{"top-k", "rag", "min-tokens"} {
		k := KnobByID(id)
		for _, v := range []float64{1e300, math.Inf(1), 0x1p63} {
			_, err := k.WithNumber(DefaultSettings(), v)
			if err == nil || !strings.Contains(err.Error(), k.Flag) || !strings.Contains(err.Error(), "too large") || strings.Contains(err.Error(), "-9223372036854775808") {
				t.Errorf("%s at %v: %v", k.Flag, v, err)
			}
		}
	}
	if _, err := KnobByID("dedup").WithNumber(DefaultSettings(), math.NaN()); err == nil || !strings.Contains(err.Error(), "dedup-threshold") {
		t.Errorf("dedup at NaN: %v", err)
	}
}
