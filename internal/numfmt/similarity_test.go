package numfmt

import "testing"

func TestSimilarityIsCutNotRounded(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0.72998, "0.729"},
		{0.73, "0.730"},
		{73.0 / 100, "0.730"},
		{0.9375, "0.937"},
		{1, "1.000"},
		{0, "0.000"},
		{2.0 / 3, "0.666"},
	} {
		if got := Similarity(tc.v); got != tc.want {
			t.Errorf("Similarity(%v) = %s; want %s", tc.v, got, tc.want)
		}
	}
	if got := FloorTo(0.7299, 2); got != 0.72 {
		t.Errorf("FloorTo(0.7299, 2) = %v; want 0.72", got)
	}
}
