package cli

import (
	"os"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/trajectory"
)

const tauBenchTrajectory = "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json"

// prepareTrajectoryWith parses workbench args and loads their trajectory.
func prepareTrajectoryWith(t *testing.T, env Env, args ...string) (*assembleRun, func(int) (*core.Scenario, error), int, error) {
	t.Helper()
	var f workbenchFlags
	fs := newWorkbenchFlagSet(env, &f)
	if err := parseFlags(fs, args); err != nil {
		t.Fatal(err)
	}
	run, traj, err := f.prepareTrajectory(env, fs, f.traces.source())
	if err != nil {
		return nil, nil, 0, err
	}
	return run, func(i int) (*core.Scenario, error) {
		return traj.Open(i, trajectory.Policy{Kind: trajectory.KindAsSent})
	}, traj.Start, nil
}

// --trajectory opens on the first turn over the window, every turn
// opens as its request with the launch flags applied, and - reads stdin.
func TestWorkbenchTrajectoryOpensTheFirstTurnOverTheWindow(t *testing.T) {
	run, open, start, err := prepareTrajectoryWith(t, testEnv(), "--trajectory", tauBenchTrajectory, "--window", "11000", "--reserve", "1000")
	if err != nil {
		t.Fatal(err)
	}
	if start != 26 || run.settings.Budget.TotalWindow != 11000 || run.settings.Budget.ResponseReserve != 1000 {
		t.Fatalf("opened on turn %d, window %d, reserve %d; want turn 27 of an 11,000 window with a 1,000 reserve",
			start+1, run.settings.Budget.TotalWindow, run.settings.Budget.ResponseReserve)
	}
	first, err := open(0)
	if err != nil || first.Settings.Budget.TotalWindow != 11000 || first.Settings.Query == "" {
		t.Fatalf("turn 1: %v", err)
	}
	if _, _, start, _ := prepareTrajectoryWith(t, testEnv(), "--trajectory", tauBenchTrajectory); start != 29 {
		t.Errorf("with the model's window nothing overflows, yet it opened on turn %d, not the last", start+1)
	}

	data, err := os.ReadFile(tauBenchTrajectory)
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv()
	env.Stdin = strings.NewReader(string(data))
	if _, _, start, err := prepareTrajectoryWith(t, env, "--trajectory", "-", "--window", "11000", "--reserve", "1000"); err != nil || start != 26 {
		t.Errorf("from stdin: turn %d, %v", start+1, err)
	}
	env.StdinIsTTY = true
	if _, _, _, err := prepareTrajectoryWith(t, env, "--trajectory", "-"); err == nil || !strings.Contains(err.Error(), "stdin is a terminal") {
		t.Errorf("stdin a terminal: %v", err)
	}
}

// What --trajectory cannot take is refused on one line, and a bad file
// is named with its turn.
func TestWorkbenchTrajectoryRefusals(t *testing.T) {
	for _, args := range [][]string{
		{"--trajectory", tauBenchTrajectory, "--request", tauBenchTrajectory},
		{"--trajectory", tauBenchTrajectory, "--docs", tauBenchTrajectory},
		{"--trajectory", tauBenchTrajectory, "--interaction", "2"},
	} {
		if _, _, _, err := prepareTrajectoryWith(t, testEnv(), args...); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v", args, err)
		}
	}
	bad := t.TempDir() + "/bad.json"
	if err := os.WriteFile(bad, []byte(`[{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]},{"model":"gpt-4o","messages":[{"role":"robot","content":"hi"}]}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, _, err := prepareTrajectoryWith(t, testEnv(), "--trajectory", bad)
	if err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), "turn 2") {
		t.Errorf("a bad turn: %v", err)
	}
}
