package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/tui/sweepview"
)

// sweepCmd asks for the sweep the screen wants now (package
// tui/sweepview): the selected control's while the strip has the
// keyboard, the Sweep view's knob while it is on screen.
func (m *Model) sweepCmd() tea.Cmd {
	var control *core.Knob
	if m.focus == paneControls {
		control = core.KnobByID(m.controls.Current().ID)
	}
	return m.sweeps.Cmd(sweepview.Request{
		Control: control, View: m.view == viewSweep,
		Eval: m.eval, Gen: m.shown, Run: m.cfg.Eval,
	})
}

// receiveSweep hands a sweep's message to the sweeps and draws again
// what it changed.
func (m *Model) receiveSweep(msg tea.Msg) {
	var out sweepview.Outcome
	m.sweeps, out = m.sweeps.Update(msg)
	if out.Drawn {
		m.views.key = ""
	}
	if out.Spark {
		m.controls.SetSpark(m.sweeps.Spark(m.styles))
	}
	if out.Status != "" {
		m.status.set(out.Status)
	}
}
