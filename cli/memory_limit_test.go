package cli

import (
	"math"
	"runtime/debug"
	"testing"

	"ctxlab/core/value"
	"ctxlab/internal/memlimit"
)

// TestLimitMemoryForOnlyInItsOwnProcess: the binary's commands set the
// limit from the documents' text and count; a command run in a shared
// process (a test) or under a user's GOMEMLIMIT leaves it alone. Not
// parallel: the limit is the process's.
func TestLimitMemoryForOnlyInItsOwnProcess(t *testing.T) {
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	docs := []value.Document{{Content: "twelve bytes", Source: "a.md"}, {Content: "ünï", Source: "b"}}
	const text = 12 + 4 + 5 + 1 // bytes, not runes: ü and ï take two
	noEnv := func(string) string { return "" }
	userLimit := func(key string) string {
		if key == memlimit.EnvVar {
			return "3GiB"
		}
		return ""
	}
	cases := []struct {
		name string
		env  Env
		want int64
	}{
		{"a shared process", Env{Getenv: noEnv}, math.MaxInt64},
		{"a user's GOMEMLIMIT", Env{Getenv: userLimit, SetsMemoryLimit: true}, math.MaxInt64},
		{"its own process", Env{Getenv: noEnv, SetsMemoryLimit: true}, memlimit.ForBuild(text, 2)},
	}
	for _, c := range cases {
		debug.SetMemoryLimit(math.MaxInt64)
		limitMemoryFor(c.env, docs)
		if got := debug.SetMemoryLimit(-1); got != c.want {
			t.Errorf("%s: the limit is %d, want %d", c.name, got, c.want)
		}
	}
}
