package cli

import (
	"io"
	"runtime/debug"
	"testing"

	"ctxlab/internal/memlimit"
)

// TestCommandsCollectSooner: a command run in its own process collects
// when its heap grows by memlimit.HeadlessGCPercent; in a shared process
// (a test, SetsMemoryLimit false) it leaves the target alone. Not
// parallel: the target is the process's.
func TestCommandsCollectSooner(t *testing.T) {
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })
	env := Env{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }}

	if code := Main(env, []string{"version"}); code != ExitOK {
		t.Fatalf("version exited %d", code)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("in a shared process the target became %d, want 100", got)
	}

	env.SetsMemoryLimit = true
	if code := Main(env, []string{"version"}); code != ExitOK {
		t.Fatalf("version exited %d", code)
	}
	if got := debug.SetGCPercent(100); got != memlimit.HeadlessGCPercent {
		t.Errorf("in its own process the target is %d, want %d", got, memlimit.HeadlessGCPercent)
	}
}
