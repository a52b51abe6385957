package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/tui/tokenview"
)

// Exact token counts are made in a background job while the heuristic's
// stand in (package tui/tokenview); these bind it to the model's
// documents and evaluation.

// standIn returns the settings to evaluate now and the tokenizer whose
// counts are pending, "" when none is.
func (m *Model) standIn(s core.Settings) (core.Settings, string) {
	return tokenview.StandIn(s, m.analysis, m.docBytes)
}

// startCounting starts the job counting the documents under tok.
func (m *Model) startCounting(tok tokens.Tokenizer) tea.Cmd {
	return m.counting.Start(tok, m.analysis, m.docBytes, tickAfter)
}

// updateCounting handles the job's messages: exact counts made are
// evaluated at once, a job stopped says so.
func (m *Model) updateCounting(msg tea.Msg) tea.Cmd {
	outcome, cmd := m.counting.Update(msg, tickAfter)
	switch outcome {
	case tokenview.Counted:
		return m.requestEvaluation()
	case tokenview.Stopped:
		m.status.set(tokenview.StoppedWords(msg.(tokenview.DoneMsg).Tokenizer))
	}
	return cmd
}

// forgetStandInCounts drops the heuristic's counts once the exact ones
// are shown.
func (m *Model) forgetStandInCounts() {
	tokenview.ForgetStandIn(m.analysis, m.settings)
}
