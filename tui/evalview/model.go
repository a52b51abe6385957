package evalview

import (
	"context"
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/pipeline"
	"ctxlab/tui/cursor"
)

// RanMsg carries a run of every query back to Update with the
// generation it was requested at; an older generation's is dropped.
type RanMsg struct {
	gen    int
	report *evalrun.Report
	err    error
}

// Model is the Eval view: the latest run's report and its per-query
// table, sortable by any column, with a cursor; what is in flight; which
// query the other views show; and the run under a pinned baseline.
type Model struct {
	// run is the retrieval run, prepared, nil when none is loaded; name
	// names it in the title. base is the scenario the workbench opened
	// with; a query opens as it with the query's documents and text.
	run  *evalrun.Prepared
	name string
	base *core.Scenario

	gen  int // generation of the newest requested run
	busy bool
	err  error
	// ranUnder are the settings of the newest requested run, so a change
	// that does not touch the pipeline (the query text, a memory knob)
	// starts none.
	ranUnder core.Settings
	cancel   context.CancelFunc
	// shown is the query open in the other views, -1 before one is
	// opened.
	shown int

	// pinned are the baseline's settings, nil when none is pinned;
	// baseline is the run under them, nil until it is computed;
	// baselineGen counts pins and clears, so a run for an older pin is
	// dropped.
	pinned      *core.Settings
	baseline    *evalrun.Report
	baselineGen int

	report *evalrun.Report
	// order is the queries' indices in the report, as sorted; sortBy is
	// an index into columns.
	order      []int
	sortBy     int
	descending bool
	// cur is the selected row and the first on screen.
	cur  cursor.Rows
	keys Keys
}

// New is the view of run, named name, whose queries open as base with
// their documents; the first query is the one the other views show. A
// nil run is the view without one: it runs nothing.
func New(run *evalrun.Prepared, name string, base *core.Scenario) Model {
	m := Model{run: run, name: name, base: base, shown: -1, keys: NewKeys()}
	if run != nil && len(run.Set.Queries) > 0 {
		m.shown = 0
	}
	return m
}

// RunCmd runs every query under settings s in a command, when a run is
// loaded and s differs from the last run's settings where a run reads
// them. The run spreads over all cores; a newer request cancels it.
func (m *Model) RunCmd(s core.Settings) tea.Cmd {
	if m.run == nil || (m.gen > 0 && evalrun.SameRun(m.ranUnder, s)) {
		return nil
	}
	if m.cancel != nil {
		m.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.gen++
	m.busy = true
	m.cancel, m.ranUnder = cancel, s
	gen, prepared := m.gen, m.run
	return func() tea.Msg {
		defer cancel()
		rep, err := prepared.Run(ctx, s)
		return RanMsg{gen: gen, report: rep, err: err}
	}
}

// QueryScenario is base with a query's documents and, when the run has
// it, the query's text.
func QueryScenario(base *core.Scenario, q evalrun.Query) *core.Scenario {
	sc := *base
	sc.Documents = q.Documents()
	sc.Name = fmt.Sprintf("%s · query %s", base.Name, q.ID)
	if q.Text != "" {
		sc.Settings.Query = q.Text
	}
	return &sc
}

// Query is query i of the run as a scenario, and its pipeline's analysis.
// A run too large to keep its analyses (evalrun.PrepareWithin) has none
// to lend: the query's own is made here, for its documents alone.
func (m Model) Query(i int) (evalrun.Query, *core.Scenario, *pipeline.Analysis) {
	q := m.run.Set.Queries[i]
	sc := QueryScenario(m.base, q)
	analysis := m.run.Analysis(i)
	if analysis == nil {
		analysis = pipeline.Analyze(sc.Documents)
	}
	return q, sc, analysis
}

// Action is what the view asks of the workbench.
type Action int

const (
	// None: the cursor or the order changed, or nothing did.
	None Action = iota
	// Open asks for the query Event.Query opened in the other views.
	Open
	// Back leaves the view for the document list.
	Back
)

// Event is what a message asks of the workbench: an Action, the query
// it names, and a line for the status line ("" for none).
type Event struct {
	Action Action
	Query  int
	Status string
}

// Update takes the view's messages (RanMsg, BaselineMsg) and its keys;
// height is the height of the view's box, the header lines and the
// borders included.
func (m Model) Update(msg tea.Msg, height int) (Model, Event) {
	switch msg := msg.(type) {
	case RanMsg:
		if msg.gen != m.gen {
			return m, Event{}
		}
		m.busy = false
		m.err = msg.err
		if msg.err == nil {
			m.refresh(msg.report)
			m.cur.ScrollTo(m.rows(height), len(m.order))
		}
	case BaselineMsg:
		return m.applyBaseline(msg)
	case tea.KeyMsg:
		return m.updateKey(msg, m.rows(height))
	}
	return m, Event{}
}

// updateKey handles a key; rows is the number of rows visible.
func (m Model) updateKey(msg tea.KeyMsg, rows int) (Model, Event) {
	k := m.keys
	switch {
	case m.cur.Navigate(msg, k.MoveKeys, rows, len(m.order)):
	case key.Matches(msg, k.Sort), key.Matches(msg, k.Reverse):
		current, had := m.Selected()
		if key.Matches(msg, k.Sort) {
			m.sortBy = (m.sortBy + 1) % len(columns)
		} else {
			m.descending = !m.descending
		}
		m.sort()
		if had {
			m.selectQuery(current)
		}
		m.cur.ScrollTo(rows, len(m.order))
	case key.Matches(msg, k.Open):
		if i, ok := m.Selected(); ok {
			m.shown = i
			return m, Event{Action: Open, Query: i}
		}
	case key.Matches(msg, k.Back):
		return m, Event{Action: Back}
	}
	return m, Event{}
}

// Scroll moves the cursor by delta rows, for the mouse's wheel, in a box
// height high.
func (m *Model) Scroll(delta, height int) { m.cur.Move(delta, m.rows(height), len(m.order)) }

// Click puts the cursor on the row drawn at line of the box's content
// (0 is the line below its top border).
func (m *Model) Click(line int) {
	m.cur.SelectVisibleRow(line-headerHeight(m.pinned != nil), len(m.order))
}

// Fit keeps the cursor on screen in a box height high.
func (m *Model) Fit(height int) { m.cur.ScrollTo(m.rows(height), len(m.order)) }

// rows is the number of query rows a box height high shows.
func (m Model) rows(height int) int {
	return max(1, height-2-headerHeight(m.pinned != nil))
}

// Report is the run on screen, nil until the first is computed.
func (m Model) Report() *evalrun.Report { return m.report }

// Busy says a run is computing.
func (m Model) Busy() bool { return m.busy }

// Shown is the query open in the other views, -1 for none.
func (m Model) Shown() int { return m.shown }

// Keys are the view's bindings, for the footer and the help.
func (m Model) Keys() Keys { return m.keys }
