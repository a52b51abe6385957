package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/summarize"
	"ctxlab/tui/fixes"
)

// fixScreen is what the fix preview (package tui/fixes) is given of the
// workbench: the evaluation on screen, the settings in force, the
// Diagnosis view's chosen finding and the main area.
func (m *Model) fixScreen() fixes.Screen {
	s := fixes.Screen{Eval: m.eval, Shown: m.shown, Busy: m.busy, Pending: m.pending, Settings: m.settings,
		Styles: m.styles, Width: m.width, Height: m.computeLayout().main}
	if m.view == viewDiagnosis && !m.views.helpOpen && m.eval != nil && len(m.eval.Findings) > 0 {
		f := m.diagnosis.Chosen(m.eval.Findings)
		s.Finding = &f
	}
	return s
}

// updateFixKeys hands f, u and, while a preview is open, every key to
// the fix preview; ok is false for any other key.
func (m Model) updateFixKeys(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	if !m.fixes.Takes(msg) {
		return m, nil, false
	}
	var out fixes.Outcome
	m.fixes, out = m.fixes.Update(msg, m.fixScreen())
	cmd := m.fixOutcome(out)
	return m, cmd, out.Handled
}

// receiveSuggestions hands the fixes found to the preview.
func (m *Model) receiveSuggestions(msg fixes.SuggestionsMsg) {
	var out fixes.Outcome
	m.fixes, out = m.fixes.Receive(msg, m.fixScreen())
	m.fixOutcome(out)
}

// fixOutcome carries out what the fix preview asked: its status line,
// settings to evaluate, a search to start.
func (m *Model) fixOutcome(out fixes.Outcome) tea.Cmd {
	if out.Closed && m.status.id == m.fixes.StatusID() {
		// The status line described the preview.
		m.status.text = ""
	}
	if out.Status != "" {
		m.status.set(out.Status)
	}
	if out.Describes {
		m.fixes.Described(m.status.id)
	}
	switch {
	case out.Settings != nil:
		cmd := m.applySettings(*out.Settings)
		if out.Undo {
			m.fixes.Undoing(m.gen)
		}
		return cmd
	case out.Search:
		return m.suggestCmd()
	}
	return nil
}

// suggestCmd finds the fixes of the evaluation on screen in a command,
// with the summarizer that evaluation used.
func (m *Model) suggestCmd() tea.Cmd {
	ev, gen := m.eval, m.shown
	done := make(chan struct{})
	summarizer, watch := m.cfg.Summarizer, tea.Cmd(nil)
	if m.shownStandIn {
		// Measured against the picture on screen, whose summary is the
		// extractive stand-in for a cancelled model call.
		summarizer = summarize.ExtractiveSummarizer{}
	} else {
		summarizer, watch = watchModelCalls(summarizer, done, summaryCallMsg{gen: gen, fixes: true})
	}
	in := core.EvalInput{Scenario: m.cfg.Scenario, Analysis: m.analysis, Texts: m.texts, Summarizer: summarizer, Now: m.cfg.Now(), RequestID: m.cfg.RequestID}
	search := m.fixes.Search(in, ev, gen, m.evaluationTimeout())
	return tea.Batch(func() tea.Msg {
		defer close(done)
		return search()
	}, watch)
}
