package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/doclist"
	"ctxlab/tui/evalview"
	"ctxlab/tui/filter"
	"ctxlab/tui/rows"
)

// openEvalView gives the main area to the Eval view (package
// tui/evalview).
func (m *Model) openEvalView() {
	if m.cfg.Eval == nil {
		m.status.set("no retrieval run loaded: try ctxlab sample/eval/help_center.yaml, or ctxlab --run FILE [--qrels FILE]")
		return
	}
	m.evalOpen = true
	// The view takes the keys it lists, from the controls too.
	m.focus = paneInspector
	m.layoutPanes()
}

// evalHeight is the number of lines inside the Eval view's box.
func (m Model) evalHeight() int { return m.computeLayout().main - 2 }

// updateEval hands the Eval view a key or one of its messages and
// carries out what it asks.
func (m Model) updateEval(msg tea.Msg) (tea.Model, tea.Cmd) {
	var ev evalview.Event
	m.evalView, ev = m.evalView.Update(msg, m.evalHeight())
	if ev.Status != "" {
		m.status.set(ev.Status)
	}
	switch ev.Action {
	case evalview.Open:
		return m, m.openQuery(ev.Query)
	case evalview.Back:
		m.evalOpen = false
		m.focus = paneList
		m.view = viewDocuments
		m.layoutPanes()
	}
	return m, nil
}

// openQuery shows query i of the run in the other views: the scenario
// the workbench opened with, with the query's documents and its text as
// the query, evaluated under the current settings.
func (m *Model) openQuery(i int) tea.Cmd {
	q, sc, analysis := m.evalView.Query(i)
	m.cfg.Scenario, m.analysis = sc, analysis
	m.useDocuments(sc.Documents)
	// The query's text is the query, and what a reset of the controls
	// returns to while the query is open.
	m.settings.Query = m.cfg.Scenario.Settings.Query
	m.initial.Query = m.settings.Query
	// A new document set: nothing from the last one's rows carries over,
	// and its first evaluation marks no document as changed.
	m.eval, m.changed, m.sent = nil, nil, rows.Fates{}
	m.list, m.inspector, m.diagnosis, m.space, m.filter = doclist.New(), newInspectorPane(), diagnosis.New(), newSpacePane(), filter.New()
	m.evalOpen = false
	m.openView(viewDocuments)
	m.focus = paneList
	m.status.set(fmt.Sprintf("query %s: %s retrieved · a returns to the Eval view", safetext.Line(q.ID), numfmt.Count(q.Len(), "document", "documents")))
	return m.requestEvaluation()
}
