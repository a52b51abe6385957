package tui

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/tui/diagnosis"
	"ctxlab/tui/rows"
	"ctxlab/tui/views"
)

// updateDiagnosis moves the Diagnosis view's cursor (package
// tui/diagnosis), keeping the chosen finding in sight, and goes to the
// chosen row on enter.
func (m Model) updateDiagnosis(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var action diagnosis.Action
	m.diagnosis, action = m.diagnosis.Update(msg, &m.views.vp, m.styles, m.eval)
	switch action {
	case diagnosis.Back:
		m.focus = paneList
		m.view = viewDocuments
		m.layoutPanes()
	case diagnosis.Jump:
		ref, _ := m.diagnosis.ChosenRef(m.eval.Findings)
		m.jumpTo(ref)
	}
	m.views.key = ""
	return m, nil
}

// jumpTo shows the row a finding is about where the workbench shows it:
// a document in the list at the stage that decided its fate, a component
// and a tool result in the Context view (a component's bar is in the
// budget above it), a history message in the Memory view.
func (m *Model) jumpTo(ref diagnose.Ref) {
	switch ref.Kind {
	case diagnose.RefDocument:
		m.jumpToDocument(ref.Index)
	case diagnose.RefMessage:
		m.openView(viewMemory)
		m.revealMessageRow(ref.Index)
		m.status.set(diagnosis.RefLabel(ref) + " of the history: its row in the Memory view says what became of it")
	case diagnose.RefToolResult:
		m.openView(viewContext)
		m.status.set(diagnosis.RefLabel(ref) + ": the Context view shows what of it was sent")
	case diagnose.RefComponent:
		m.openView(viewContext)
		m.status.set(diagnosis.RefLabel(ref) + ": its bar is in the budget above; the Context view shows what was sent")
	}
}

// revealMessageRow scrolls the Memory view so history message index's
// row is on screen, under one line of the table above it.
func (m *Model) revealMessageRow(index int) {
	m.refreshTextView()
	// The view numbers a message as the request sends it.
	number := index + 1
	if index >= 0 && index < len(m.eval.Numbers.History) {
		number = m.eval.Numbers.History[index]
	}
	want := strconv.Itoa(number)
	inTable := false
	for i, line := range strings.Split(ansi.Strip(m.renderTextView(m.views.vp.Width)), "\n") {
		// A row is "glyph number role tokens why message", after the
		// table's "fate # role …" header.
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "fate" && f[1] == "#":
			inTable = true
		case inTable && len(f) >= 2 && f[1] == want:
			m.views.vp.SetYOffset(max(0, i-1))
			return
		}
	}
}

// jumpToDocument selects document scenarioDoc (the refs' numbering) in
// the list, at the stage that decided its fate, clearing a filter or
// showing removed documents when either hides it.
func (m *Model) jumpToDocument(scenarioDoc int) {
	ev := m.eval
	doc, found := ev.EvaluatedIndex(scenarioDoc)
	label := diagnosis.RefLabel(diagnose.DocumentRef(scenarioDoc))
	if !found {
		m.status.set(label + " is not among the documents reranking kept")
		return
	}
	m.list.SetStage(decidingStage(ev, doc))
	if m.filter.Active() && !m.filter.Admits(scenarioDoc) {
		m.filter.Clear()
	}
	m.refreshRows()
	if !m.list.SelectDoc(doc) && m.list.HideGone() {
		m.list.SetHideGone(false)
		m.refreshRows()
		m.list.SelectDoc(doc)
	}
	m.openView(viewDocuments)
	m.focus = paneList
	m.layoutPanes()
	m.status.set(label + " " + views.SourceOf(ev, doc) + ", shown at the " + m.list.Stage().Name() + " stage")
}

// decidingStage is the stage at which a document's fate was decided: the
// filter for one too short, dedup for a duplicate, else the budget.
func decidingStage(ev *core.Evaluation, doc int) rows.Stage {
	if ev.SimpleRAG != nil || ev.Build == nil || doc >= ev.Build.Trace.Len() {
		return rows.StageBudget
	}
	d := ev.Build.Trace.Doc(doc)
	switch {
	case d.Filtered:
		return rows.StageFilter
	case d.Duplicate != nil:
		return rows.StageDedup
	}
	return rows.StageBudget
}
