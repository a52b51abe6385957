package cli

import (
	"context"
	"testing"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/trajectory"
	"ctxlab/core/window"
)

// Turn 25 of the tau-bench trajectory under last:20: the policy keeps
// the system message and the agent loop, and drops the task. The turn
// opens with its tool results still tool results, what the policy
// removed recorded, and a finding that the task was dropped.
func TestTrimPolicyTurnKeepsCategoriesAndWarnsOfTheTask(t *testing.T) {
	var f workbenchFlags
	env := testEnv()
	fs := newWorkbenchFlagSet(env, &f)
	if err := parseFlags(fs, []string{"--trajectory", tauBenchTrajectory}); err != nil {
		t.Fatal(err)
	}
	_, traj, err := f.prepareTrajectory(env, fs, f.traces.source())
	if err != nil {
		t.Fatal(err)
	}
	last20, err := trajectory.ParsePolicy("last:20")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := traj.Open(24, last20)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Trim == nil || sc.Trim.Removed == 0 || !sc.Trim.TaskDropped {
		t.Fatalf("trim %+v, want messages removed and the task among them", sc.Trim)
	}
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := ev.Assembly.Component(window.ComponentHistory)
	r, _ := ev.Assembly.Component(window.ComponentToolResults)
	if h.Used != 0 || r.Used == 0 {
		t.Errorf("history %d, tool results %d: the agent loop is not history", h.Used, r.Used)
	}
	found := false
	for _, fd := range ev.Findings {
		found = found || fd.Code == diagnose.CodePolicyDroppedTask
	}
	if !found {
		t.Errorf("no %s finding in %+v", diagnose.CodePolicyDroppedTask, ev.Findings)
	}
}
