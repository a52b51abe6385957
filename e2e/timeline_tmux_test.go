//go:build e2e

package e2e

import "testing"

// TestWorkbenchTimeline opens the tau-bench airline trajectory on the
// Timeline view at 80×24 without colour: the first turn over the window
// is open, ←/→ choose another, enter opens it in every view, 7 returns,
// and ↓ with p pins a baseline policy the others are measured against.
func TestWorkbenchTimeline(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 80, 24, []string{"NO_COLOR=1"}, "--trajectory", "loaders/trajectory/testdata/taubench/airline-task2-62-messages.json",
		"--window", "11000", "--reserve", "1000")
	s.waitFor("7 Timeline: airline-task2-62-messages.json, 30 turns", "turn 27/30 ● open",
		"as-sent: $203.32/1k, 4 over (1st 27", "↑27")
	s.send("Left")
	s.send("Left")
	s.waitFor("turn 25/30 (message 51) · as-sent: 9,478 tokens", "↑25")
	s.send("Enter")
	s.waitFor("3 Context", "airline-task2-62-messages · turn 25 of 30", "9,478 / 10,000 input", "7 returns to the timeline")
	s.send("d")
	s.waitFor("d Diagnosis")
	s.send("7")
	s.waitFor("turn 25/30 (message 51) ● open")
	s.send("Down")
	s.send("p")
	s.send("Down")
	s.waitFor("policy 3/6 ↑↓ drop-oldest: $289.48/1k, 79% cached · vs B")
	s.send("q")
}
