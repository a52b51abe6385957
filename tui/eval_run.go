package tui

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/filter"
	"ctxlab/tui/rows"
)

// evalRunMsg carries a run of every query back to Update with the
// generation it was requested at; an older generation's is dropped.
type evalRunMsg struct {
	gen    int
	report *evalrun.Report
	err    error
}

// evalRunState is the workbench's side of a retrieval run: the latest
// report is in the Eval pane; this is what is in flight and which query
// the other views show.
type evalRunState struct {
	open bool // the Eval view has the main area
	gen  int  // generation of the newest requested run
	busy bool
	err  error
	// ranUnder are the settings of the newest requested run, so a change
	// that does not touch the pipeline (the query text, a memory knob)
	// starts none.
	ranUnder core.Settings
	cancel   context.CancelFunc
	// base is the scenario the workbench opened with; a query opens as it
	// with the query's documents and text. shown is that query, -1 before
	// one is opened.
	base  *core.Scenario
	shown int
	// baseline is the run under the pinned baseline's settings, nil when
	// none is pinned or its run is computing; baselineGen counts pins, so
	// a run for an older pin is dropped.
	baseline    *evalrun.Report
	baselineGen int
}

// evalRunCmd runs every query under the current settings in a command,
// when a run is loaded and the settings differ from the last run's where
// a run reads them. The run spreads over all cores; a newer request
// cancels it.
func (m *Model) evalRunCmd() tea.Cmd {
	if m.cfg.Eval == nil || (m.run.gen > 0 && evalrun.SameRun(m.run.ranUnder, m.settings)) {
		return nil
	}
	if m.run.cancel != nil {
		m.run.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.run.gen++
	m.run.busy = true
	m.run.cancel, m.run.ranUnder = cancel, m.settings
	gen, settings, prepared := m.run.gen, m.settings, m.cfg.Eval
	return func() tea.Msg {
		defer cancel()
		rep, err := prepared.Run(ctx, settings)
		return evalRunMsg{gen: gen, report: rep, err: err}
	}
}

// applyEvalRun installs a run's report unless a newer one was requested.
func (m *Model) applyEvalRun(msg evalRunMsg) {
	if msg.gen != m.run.gen {
		return
	}
	m.run.busy = false
	m.run.err = msg.err
	if msg.err == nil {
		m.evalTable.refresh(msg.report)
		m.evalTable.scrollTo(m.evalRowsVisible(), len(m.evalTable.order))
	}
}

// evalQueryScenario is base with a query's documents and, when the run
// has it, the query's text.
func evalQueryScenario(base *core.Scenario, q evalrun.Query) *core.Scenario {
	sc := *base
	sc.Documents = q.Documents()
	sc.Name = fmt.Sprintf("%s · query %s", base.Name, q.ID)
	if q.Text != "" {
		sc.Settings.Query = q.Text
	}
	return &sc
}

// evalRowsVisible is the number of query rows the Eval view shows.
func (m *Model) evalRowsVisible() int {
	return max(1, m.computeLayout().main-2-evalHeaderHeight(m.baseline != nil))
}

// openEvalView gives the main area to the Eval view.
func (m *Model) openEvalView() {
	if m.cfg.Eval == nil {
		m.status.set("no retrieval run loaded: try ctxlab sample/eval/help_center.yaml, or ctxlab --run FILE [--qrels FILE]")
		return
	}
	m.run.open = true
	if m.focus != paneControls {
		m.focus = paneInspector
	}
	m.layoutPanes()
}

// updateEval handles a key in the Eval view.
func (m Model) updateEval(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var action evalAction
	m.evalTable, action = m.evalTable.update(msg, m.evalRowsVisible())
	switch action {
	case evalOpen:
		i, _ := m.evalTable.selected()
		return m, m.openQuery(i)
	case evalBack:
		m.run.open = false
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
	q := m.cfg.Eval.Set.Queries[i]
	m.cfg.Scenario = evalQueryScenario(m.run.base, q)
	// A run too large to keep its analyses (evalrun.PrepareWithin) has
	// none to lend: the query's own is made here, for its documents alone.
	if m.analysis = m.cfg.Eval.Analysis(i); m.analysis == nil {
		m.analysis = pipeline.Analyze(m.cfg.Scenario.Documents)
	}
	// The query's text is the query, and what a reset of the controls
	// returns to while the query is open.
	m.settings.Query = m.cfg.Scenario.Settings.Query
	m.initial.Query = m.settings.Query
	// A new document set: nothing from the last one's rows carries over,
	// and its first evaluation marks no document as changed.
	m.eval, m.changed, m.sent = nil, nil, rows.Fates{}
	m.list, m.inspector, m.diagnosis, m.space, m.filter = newListPane(), newInspectorPane(), diagnosis.New(), newSpacePane(), filter.New()
	m.run.shown, m.run.open = i, false
	m.openView(viewDocuments)
	m.focus = paneList
	m.status.set(fmt.Sprintf("query %s: %s retrieved · a returns to the Eval view", safetext.Line(q.ID), numfmt.Count(q.Len(), "document", "documents")))
	return m.requestEvaluation()
}
