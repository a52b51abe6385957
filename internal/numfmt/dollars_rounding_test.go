package numfmt

import "testing"

// One request and a thousand of them round alike: the decimal amount is
// rounded, half up, not the binary float that holds it.
func TestDollarsRoundsTheDecimalNotTheFloat(t *testing.T) {
	perRequest := 71 * 2.50 / 1e6
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{perRequest, "$0.000178"},
		{perRequest * 1000, "$0.178"},
		{perRequest * 1_000_000, "$177.50"},
		{1.005, "$1.01"},
		{0.1775, "$0.178"},
		{0.9996, "$1.00"},
		{0.995, "$0.995"},
		{9.995, "$10.00"},
		{1234.565, "$1,234.57"},
		{0.00012345, "$0.000123"},
		{1e12 + 0.005, "$1,000,000,000,000.01"},
	} {
		if got := Dollars(tc.v); got != tc.want {
			t.Errorf("Dollars(%v) = %s; want %s", tc.v, got, tc.want)
		}
	}
}
