package numfmt

import (
	"math"
	"strings"
	"testing"
)

// TestDollarsHugeAmounts: an amount whose cents do not fit an int64 is
// written in scientific notation, not as the wrapped-around integer
// ($-92,233,720,368,547,758.0-8).
func TestDollarsHugeAmounts(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{1e17, "$1.00e+17"},
		{-1e17, "−$1.00e+17"},
		{1e308, "$1.00e+308"},
		{math.MaxFloat64, "$1.80e+308"},
		{999_999_999_999.5, "$999,999,999,999.50"},
		{1e13, "$1.00e+13"},
		{math.Inf(1), "unknown"},
	} {
		got := Dollars(tc.v)
		if got != tc.want {
			t.Errorf("Dollars(%v) = %q, want %q", tc.v, got, tc.want)
		}
		if strings.Contains(got, "-") {
			t.Errorf("Dollars(%v) = %q has an ASCII minus", tc.v, got)
		}
	}
}
