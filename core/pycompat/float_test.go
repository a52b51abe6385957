package pycompat

import "testing"

func TestPyRound(t *testing.T) {
	cases := []struct {
		x    float64
		want float64
	}{
		{0.25, 0.2},   // exact tie, to even
		{0.35, 0.3},   // 0.35 is below the tie in binary
		{0.45, 0.5},   // 0.45 is above the tie in binary
		{12.25, 12.2}, // exact tie
		{12.75, 12.8}, // exact tie, to even
		{104.6875, 104.7},
		{100, 100},
		{0, 0},
	}
	for _, c := range cases {
		if got := Round(c.x, 1); got != c.want {
			t.Errorf("Round(%v) = %v, want %v", c.x, got, c.want)
		}
	}
}

func TestPyFloatRepr(t *testing.T) {
	cases := map[float64]string{
		1:      "1.0",
		0.9:    "0.9",
		100:    "100.0",
		12.3:   "12.3",
		1e-05:  "1e-05",
		0.0001: "0.0001",
		1e16:   "1e+16",
		1e15:   "1000000000000000.0",
		-0.5:   "-0.5",
	}
	tenth, fifth := 0.1, 0.2
	cases[tenth+fifth] = "0.30000000000000004"
	for f, want := range cases {
		if got := FloatRepr(f); got != want {
			t.Errorf("FloatRepr(%v) = %q, want %q", f, got, want)
		}
	}
}

func TestFormatRelevance(t *testing.T) {
	cases := map[float64]string{0.125: "0.12", 0.375: "0.38", 0.995: "0.99", 0.005: "0.01", 0.015: "0.01", 0.9: "0.90"}
	for f, want := range cases {
		if got := FormatRelevance(f); got != want {
			t.Errorf("FormatRelevance(%v) = %q, want %q", f, got, want)
		}
	}
}
