package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"ctxlab/core/evalrun"
)

// evalAgainstBaseline pins the run's settings as the baseline and loosens
// the dedup threshold to 0.50.
func evalAgainstBaseline(t *testing.T, width, height int) Model {
	t.Helper()
	m := keys(t, newEvalModel(t, width, height), "p")
	next := m.settings
	next.Pipeline.DedupThreshold = 0.5
	return settle(t, m, m.applySettings(next))
}

// TestEvalViewAgainstTheBaseline: with a baseline pinned, the Eval view
// shows the baseline's aggregate and the change in words, naming the
// setting turned; a looser threshold removes more duplicates.
func TestEvalViewAgainstTheBaseline(t *testing.T) {
	m := evalAgainstBaseline(t, 160, 48)
	base, now := m.evalView.Baseline(), m.evalView.Report()
	if base == nil || now == nil || base.Settings.Pipeline.DedupThreshold != 0.85 || now.Settings.Pipeline.DedupThreshold != 0.5 {
		t.Fatalf("no change to show, or runs at the wrong thresholds")
	}
	change := evalrun.FiguresChange{Baseline: base.Aggregate, Now: now.Aggregate}
	if change.Now.DuplicatesRemoved <= change.Baseline.DuplicatesRemoved {
		t.Errorf("at 0.50, %d duplicates removed; want more than the baseline's %d", change.Now.DuplicatesRemoved, change.Baseline.DuplicatesRemoved)
	}
	view := m.View()
	for _, want := range []string{"baseline: context recall", "now against it: at dedup 0.50, ", "more duplicates removed, context recall"} {
		if !strings.Contains(view, want) {
			t.Errorf("the Eval view lacks %q:\n%s", want, view)
		}
	}
	m = keys(t, m, "P")
	if m.evalView.Baseline() != nil || strings.Contains(m.View(), "now against it") {
		t.Errorf("P left the run's baseline on screen")
	}
}

// TestEvalBaselinePinnedDuringARun: a pin while the queries are being
// rerun under new settings pins the settings on screen and runs the
// queries under them on its own, so the baseline is the run it names.
func TestEvalBaselinePinnedDuringARun(t *testing.T) {
	m := newEvalModel(t, 160, 48)
	before := m.evalView.Report().Aggregate
	next := m.settings
	next.Budget.RetrievedContext = 400
	rerun := m.applySettings(next)
	if !m.evalView.Busy() {
		t.Fatal("no run in flight after a budget change")
	}
	pinned, pin := m.Update(keyMsg("p"))
	m = settle(t, pinned.(Model), tea.Batch(rerun, pin))
	base := m.evalView.Baseline()
	if base == nil || base.Aggregate.TokensUsed != before.TokensUsed {
		t.Fatalf("baseline run %v; want the run under the settings pinned, %d tokens", base != nil, before.TokensUsed)
	}
	if change := (evalrun.FiguresChange{Baseline: base.Aggregate, Now: m.evalView.Report().Aggregate}); change.TokensChangePercent() >= 0 {
		t.Errorf("at a 400-token budget the tokens change by %.0f%%; want fewer", change.TokensChangePercent())
	}
}

// TestGoldenEvalBaseline pins the Eval view against a baseline at both
// sizes.
func TestGoldenEvalBaseline(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"160x48", 160, 48}} {
		t.Run(size.name, func(t *testing.T) {
			golden.RequireEqual(t, []byte(evalAgainstBaseline(t, size.w, size.h).View()))
		})
	}
}

// TestSweepViewSweepsTheRun: with a run loaded, the Sweep view sweeps the
// knob over every query too, and says the current value against the
// pinned baseline over the run.
func TestSweepViewSweepsTheRun(t *testing.T) {
	m := evalAgainstBaseline(t, 160, 48)
	m = keys(t, m, "w")
	run := m.sweeps.Run()
	if run == nil || run.Knob.ID != "dedup" || run.Current != 0.5 || run.Points[run.BaselineIndex()].Value != 0.85 {
		t.Fatalf("run sweep %+v; want dedup at 0.50 with the baseline 0.85", run)
	}
	if got, want := run.Points[run.CurrentIndex()].Figures, m.evalView.Report().Aggregate; got.TokensUsed != want.TokensUsed || got.ContextRecall != want.ContextRecall {
		t.Errorf("the sweep's current point %+v is not the run's aggregate %+v", got, want)
	}
	view := m.View()
	for _, want := range []string{"Over the run's 29 queries", "context recall", "against the baseline 0.85: at 0.50, 6 more relevant documents lost across 29 queries"} {
		if !strings.Contains(view, want) {
			t.Errorf("the Sweep view lacks %q:\n%s", want, view)
		}
	}
	golden.RequireEqual(t, []byte(view))
}
