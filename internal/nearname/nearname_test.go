package nearname

import (
	"slices"
	"testing"
)

func TestSuggest(t *testing.T) {
	flags := []string{"dedup-threshold", "dedup-key", "docs", "budget", "format", "tokenizer"}
	cases := []struct {
		name string
		want []string
	}{
		{"dedup-treshold", []string{"dedup-threshold"}},
		{"fromat", []string{"format"}},
		{"dcos", []string{"docs"}},
		{"dedup", []string{"dedup-threshold", "dedup-key"}},
		{"budgte", []string{"budget"}},
		{"xyz", nil},
		{"do", nil},
		{"window", nil},
	}
	for _, c := range cases {
		if got := Suggest(c.name, flags); !slices.Equal(got, c.want) {
			t.Errorf("Suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDistanceCountsASwapAsOneEdit(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"build", "biuld", 1},
		{"build", "build", 0},
		{"", "abc", 3},
		{"assemble", "asemble", 1},
		{"sweep", "sweeps", 1},
		{"eval", "diff", 4},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
