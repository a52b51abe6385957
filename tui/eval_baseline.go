package tui

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/evalrun"
)

// evalBaselineMsg carries the run under the pinned baseline's settings,
// for the pin it was asked for.
type evalBaselineMsg struct {
	gen    int
	report *evalrun.Report
	err    error
}

// pinEvalBaseline keeps the run on screen as the Eval view's baseline when
// it was made under the pinned settings, and otherwise returns a command
// that runs every query under them (a pin while a run is still computing).
func (m *Model) pinEvalBaseline(pinned core.Settings) tea.Cmd {
	m.run.baseline = nil
	m.run.baselineGen++
	if m.cfg.Eval == nil {
		return nil
	}
	if rep := m.evalTable.report; rep != nil && !m.run.busy && evalrun.SameRun(rep.Settings, pinned) {
		m.run.baseline = rep
		return nil
	}
	gen, prepared := m.run.baselineGen, m.cfg.Eval
	return func() tea.Msg {
		rep, err := prepared.Run(context.Background(), pinned)
		return evalBaselineMsg{gen: gen, report: rep, err: err}
	}
}

// applyEvalBaseline installs the baseline's run unless the baseline was
// pinned again or cleared since it was asked for.
func (m *Model) applyEvalBaseline(msg evalBaselineMsg) {
	if msg.gen != m.run.baselineGen || m.baseline == nil {
		return
	}
	if msg.err != nil {
		m.status.set("the run under the baseline failed: " + msg.err.Error())
		return
	}
	m.run.baseline = msg.report
}

// evalChange is the run on screen against the baseline's, and whether
// both are there to compare.
func (m Model) evalChange() (evalrun.FiguresChange, bool) {
	if m.run.baseline == nil || m.evalTable.report == nil {
		return evalrun.FiguresChange{}, false
	}
	return evalrun.FiguresChange{Baseline: m.run.baseline.Aggregate, Now: m.evalTable.report.Aggregate}, true
}

// evalChangeAt names the settings turned since the baseline that a run
// reads (those that alone would change the run), "at dedup 0.80 and RAG
// budget 300", or "" when none was.
func evalChangeAt(baseline, now core.Settings) string {
	var parts []string
	for _, c := range core.SettingsChanges(baseline, now) {
		alone := baseline
		if err := c.Knob.Set(&alone, c.After, core.KnobContext{}); err != nil || evalrun.SameRun(alone, baseline) {
			continue
		}
		parts = append(parts, c.Knob.Label+" "+c.Knob.ShowValue(c.After))
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return "at " + parts[0]
	}
	return "at " + joinAnd(parts)
}

// joinAnd is "a, b and c".
func joinAnd(parts []string) string {
	out := parts[0]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return out + " and " + p
		}
		out += ", " + p
	}
	return out
}
