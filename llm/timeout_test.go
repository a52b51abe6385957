package llm

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeout(t *testing.T) {
	t.Parallel()
	good := map[string]time.Duration{"30s": 30 * time.Second, "2m": 2 * time.Minute, "1.5": 1500 * time.Millisecond,
		"0": 0, "0s": 0, "0.001": time.Millisecond, "24h": 24 * time.Hour, "86400": 24 * time.Hour}
	for in, want := range good {
		if got, err := ParseTimeout(in); err != nil || got != want {
			t.Errorf("ParseTimeout(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	bad := map[string]string{
		"0.0000000001": "shorter than 1 millisecond",
		"1ns":          "shorter than 1 millisecond",
		"NaN":          "not a number of seconds",
		"Inf":          "longer than 24 hours",
		"-Inf":         "is negative",
		"1e300":        "longer than 24 hours",
		"1e400":        "longer than 24 hours",
		"9223372037":   "longer than 24 hours",
		"25h":          "longer than 24 hours",
		"-1":           "is negative",
		"-2s":          "is negative",
		"soon":         "is not a timeout",
		"":             "is not a timeout",
	}
	for in, want := range bad {
		if got, err := ParseTimeout(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseTimeout(%q) = %v, %v; want an error saying %q", in, got, err, want)
		}
	}
}
