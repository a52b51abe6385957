package numfmt

import (
	"math"
	"testing"
)

func TestDollars(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "$0"},
		{0.012230, "$0.0122"},
		{0.5, "$0.50"},
		{0.000012, "$0.000012"},
		{1, "$1.00"},
		{12.2149, "$12.21"},
		{1234.5, "$1,234.50"},
		{-3.125, "−$3.13"},
		{math.NaN(), "unknown"},
	} {
		if got := Dollars(tc.v); got != tc.want {
			t.Errorf("Dollars(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
