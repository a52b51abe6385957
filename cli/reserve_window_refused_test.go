package cli_test

import (
	"strings"
	"testing"
)

// A --reserve at or above the --window given with it leaves no room for
// input: assemble and replay refuse the pair in one line
// naming both flags, instead of measuring against a max input of 0 or
// pricing every turn at $0.
func TestReserveAtOrAboveWindowIsRefused(t *testing.T) {
	t.Parallel()
	const traj = "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json"
	for _, args := range [][]string{
		{"replay", "--trajectory", traj, "--window", "1000", "--reserve", "2000"},
		{"assemble", "--request", traj, "--window", "1000", "--reserve", "2000"},
		{"assemble", "--window", "1000", "--reserve", "2000"},
		{"replay", "--trajectory", traj, "--window", "1000", "--reserve", "1000"},
	} {
		stdout, stderr, code := run(t, "", args...)
		want := "--reserve " + args[len(args)-1] + " and --window 1000 leave no room for input"
		if code == 0 || code == 3 || !strings.Contains(stderr, want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %d bytes; want a one-line refusal holding %q", args, code, stderr, len(stdout), want)
		}
	}
	// A reserve below the window is taken.
	if _, stderr, code := run(t, "", "replay", "--trajectory", traj, "--window", "30000", "--reserve", "2000"); code != 0 {
		t.Errorf("--window 30000 --reserve 2000: exit %d: %s", code, stderr)
	}
}
