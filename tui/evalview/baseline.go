package evalview

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/evalrun"
)

// BaselineMsg carries the run under the pinned baseline's settings, for
// the pin it was asked for.
type BaselineMsg struct {
	gen    int
	report *evalrun.Report
	err    error
}

// Pin pins settings as the baseline: the run on screen is its run when
// it was made under them, and otherwise the command returned runs every
// query under them (a pin while a run is still computing).
func (m *Model) Pin(pinned core.Settings) tea.Cmd {
	m.pinned = &pinned
	m.baseline = nil
	m.baselineGen++
	if m.run == nil {
		return nil
	}
	if rep := m.report; rep != nil && !m.busy && evalrun.SameRun(rep.Settings, pinned) {
		m.baseline = rep
		return nil
	}
	gen, prepared := m.baselineGen, m.run
	return func() tea.Msg {
		rep, err := prepared.Run(context.Background(), pinned)
		return BaselineMsg{gen: gen, report: rep, err: err}
	}
}

// Unpin clears the baseline; a run for it still computing is dropped.
func (m *Model) Unpin() {
	m.pinned, m.baseline = nil, nil
	m.baselineGen++
}

// Baseline is the run under the pinned baseline's settings, nil when
// none is pinned or its run is computing.
func (m Model) Baseline() *evalrun.Report { return m.baseline }

// applyBaseline installs the baseline's run unless the baseline was
// pinned again or cleared since it was asked for.
func (m Model) applyBaseline(msg BaselineMsg) (Model, Event) {
	if msg.gen != m.baselineGen || m.pinned == nil {
		return m, Event{}
	}
	if msg.err != nil {
		return m, Event{Status: "the run under the baseline failed: " + msg.err.Error()}
	}
	m.baseline = msg.report
	return m, Event{}
}

// changeAt names the settings turned since the baseline that a run
// reads (those that alone would change the run), "at dedup 0.80 and RAG
// budget 300", or "" when none was.
func changeAt(baseline, now core.Settings) string {
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
