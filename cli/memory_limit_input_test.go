package cli

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"ctxlab/internal/memlimit"
)

// TestLimitMemoryForInputFromTheFileSize: before loading, the binary's
// commands set the limit from a named file's size, and from a pipe's
// once the loader reports it; a directory, stdin before it is read, a
// shared process and a user's GOMEMLIMIT leave it alone. Not parallel:
// the limit is the process's.
func TestLimitMemoryForInputFromTheFileSize(t *testing.T) {
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	dir := t.TempDir()
	file := filepath.Join(dir, "docs.csv")
	if err := os.WriteFile(file, []byte("content\nhello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	noEnv := func(string) string { return "" }
	userLimit := func(key string) string {
		if key == memlimit.EnvVar {
			return "3GiB"
		}
		return ""
	}
	own := Env{Getenv: noEnv, SetsMemoryLimit: true}
	cases := []struct {
		name string
		env  Env
		path string
		want int64
	}{
		{"a file, in its own process", own, file, memlimit.For(14, 0)},
		{"a directory", own, dir, math.MaxInt64},
		{"stdin, before it is read", own, "-", math.MaxInt64},
		{"a missing file", own, filepath.Join(dir, "none"), math.MaxInt64},
		{"a shared process", Env{Getenv: noEnv}, file, math.MaxInt64},
		{"a user's GOMEMLIMIT", Env{Getenv: userLimit, SetsMemoryLimit: true}, file, math.MaxInt64},
	}
	for _, c := range cases {
		debug.SetMemoryLimit(math.MaxInt64)
		limitMemoryForInput(c.env, c.path)
		if got := debug.SetMemoryLimit(-1); got != c.want {
			t.Errorf("%s: the limit is %d, want %d", c.name, got, c.want)
		}
	}

	debug.SetMemoryLimit(math.MaxInt64)
	if docInputRead(Env{Getenv: noEnv}) != nil {
		t.Error("a shared process is given a report of the pipe's size; want none")
	}
	docInputRead(own)(1 << 20)
	if got, want := debug.SetMemoryLimit(-1), memlimit.For(1<<20, 0); got != want {
		t.Errorf("a pipe of 1 MiB: the limit is %d, want %d", got, want)
	}
}
