package numfmt

import "testing"

func TestScore(t *testing.T) {
	t.Parallel()
	cases := []struct {
		score  float64
		digits int
		want   string
	}{
		{0.5, 2, "0.50"}, {0.99999, 5, "0.99999"}, {999999.5, 2, "999999.50"},
		{1e6, 2, "1e+06"}, {1e29, 2, "1e+29"}, {-2.5e7, 3, "-2.5e+07"}, {123456789, 2, "1.235e+08"},
	}
	for _, c := range cases {
		if got := Score(c.score, c.digits); got != c.want {
			t.Errorf("Score(%v, %d) = %q, want %q", c.score, c.digits, got, c.want)
		}
	}
}
