package numfmt

import (
	"math"
	"testing"
)

func TestThousands(t *testing.T) {
	cases := []struct {
		n    int
		want string
	}{
		{0, "0"},
		{7, "7"},
		{999, "999"},
		{1000, "1,000"},
		{12345, "12,345"},
		{123456, "123,456"},
		{1234567, "1,234,567"},
		{-1, "-1"},
		{-999, "-999"},
		{-1000, "-1,000"},
		{-123456, "-123,456"},
		{math.MaxInt64, "9,223,372,036,854,775,807"},
		{math.MinInt64, "-9,223,372,036,854,775,808"},
	}
	for _, c := range cases {
		if got := Thousands(c.n); got != c.want {
			t.Errorf("Thousands(%d) = %q, want %q", c.n, got, c.want)
		}
		if got := string(AppendThousands([]byte("n="), c.n)); got != "n="+c.want {
			t.Errorf("AppendThousands(\"n=\", %d) = %q, want %q", c.n, got, "n="+c.want)
		}
	}
}

func TestPluralAndCount(t *testing.T) {
	cases := []struct {
		n          int
		noun, text string
	}{
		{0, "tokens", "0 tokens"},
		{1, "token", "1 token"},
		{2, "tokens", "2 tokens"},
		{-1, "tokens", "-1 tokens"},
		{1500, "tokens", "1,500 tokens"},
	}
	for _, c := range cases {
		if got := Plural(c.n, "token", "tokens"); got != c.noun {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.noun)
		}
		if got := Count(c.n, "token", "tokens"); got != c.text {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.text)
		}
	}
}
