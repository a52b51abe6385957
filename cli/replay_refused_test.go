package cli_test

import (
	"strings"
	"testing"
)

// A policy that overflows has its refused turns priced at $0, so it looks
// cheaper; the text says so where it gives the cost, names the unit as
// the other views do, and writes a cost column with one number of
// decimals.
func TestReplayTextRefusedTurnsAndUnit(t *testing.T) {
	stdout, stderr, code := run(t, "", "replay", "--trajectory", replayFixtures[0], "--window", "11000", "--reserve", "1000")
	if code != 3 {
		t.Fatalf("replay: exit %d, want 3: %s", code, stderr)
	}
	for _, want := range []string{
		"as-sent: 4 turns over the window (first 27), 93% cached, $203.32 per 1,000 trajectories ▲ 4 turns refused, not priced\n",
		"last:20: no overflow, 56% cached, $330.70 per 1,000 trajectories\n",
		"▲ turns over the window are refused, priced at $0",
		"per 1,000 trajectories  removed",
		"▲ $0.203",
		" $0.289 ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("replay text lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, " $0.29 ") {
		t.Errorf("cost column mixes decimals:\n%s", stdout)
	}
}
