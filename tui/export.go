package tui

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/tui/export"
)

// exportCmd writes the export (package tui/export) in a command.
func (m Model) exportCmd() tea.Cmd {
	if m.eval == nil || m.eval.Assembly == nil {
		return func() tea.Msg {
			return export.DoneMsg{Text: "nothing to export yet: the first evaluation is still running"}
		}
	}
	return export.Cmd(m.exportJob())
}

// exportJob is the export of the model as it stands. The screen is
// drawn in the command from a snapshot of the model: View fills the
// list's row cache, so the snapshot gets its own, and the command shares
// no mutable map with the model.
func (m Model) exportJob() export.Job {
	snapshot := m
	snapshot.list.OwnCache()
	snapshot.status.text = ""
	job := export.Job{
		Dir:             m.cfg.ExportDir,
		Now:             m.cfg.Now,
		Eval:            m.eval,
		Scenario:        m.cfg.Scenario,
		Settings:        m.settings,
		Stage:           m.list.Stage(),
		Screen:          func() string { return ansi.Strip(snapshot.View()) },
		WriteScenario:   m.cfg.WriteScenario,
		WriteHTMLReport: m.cfg.WriteHTMLReport,
		MetricsOut:      m.cfg.MetricsOut,
		AppendMetrics:   m.cfg.AppendMetrics,
	}
	if t := m.cfg.Trajectory; t != nil {
		job.WriteTrajectoryReport = t.WriteHTMLReport
	}
	return job
}

// copyCmd puts the context block on the clipboard.
func (m Model) copyCmd() tea.Cmd {
	if m.eval == nil {
		return nil
	}
	return export.CopyCmd(m.eval.RAGBlock(), m.cfg.Clipboard)
}
