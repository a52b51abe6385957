package tui

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/tui/rows"
	"ctxlab/tui/views"
)

// updateDiagnosis moves the Diagnosis view's cursor, keeping the chosen
// finding in sight, and goes to the chosen row on enter.
func (m Model) updateDiagnosis(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var findings []diagnose.Finding
	if m.eval != nil {
		findings = m.eval.Findings
	}
	var action diagnosisAction
	before := m.diagnosis.cursor
	m.diagnosis, action = m.diagnosis.update(msg, &m.views.vp, findings)
	switch action {
	case diagnosisBack:
		m.focus = paneList
		m.view = viewDocuments
		m.layoutPanes()
	case diagnosisJump:
		ref, _ := m.diagnosis.chosenRef(findings)
		m.jumpTo(ref)
	default:
		if m.diagnosis.cursor != before {
			m.revealFinding()
		}
	}
	m.views.key = ""
	return m, nil
}

// revealFinding scrolls the view so the chosen finding is on screen,
// its first line first when it is taller than the pane.
func (m *Model) revealFinding() {
	text, spans := diagnosisContent(m.styles, m.eval, m.diagnosis, m.views.vp.Width)
	if m.diagnosis.cursor >= len(spans) {
		return
	}
	m.views.vp.SetContent(text)
	span, vp := spans[m.diagnosis.cursor], &m.views.vp
	if span.last >= vp.YOffset+vp.Height {
		vp.SetYOffset(span.last - vp.Height + 1)
	}
	if span.first < vp.YOffset {
		vp.SetYOffset(span.first)
	}
	if m.diagnosis.cursor == 0 {
		// The first finding shows the introduction above it too.
		vp.GotoTop()
	}
}

// chooseFindingAt puts the cursor on the finding drawn on line (of the
// view's text), for a click; a click between findings changes nothing.
func (m *Model) chooseFindingAt(line int) {
	_, spans := diagnosisContent(m.styles, m.eval, m.diagnosis, m.views.vp.Width)
	for i, span := range spans {
		if line >= span.first && line <= span.last && i != m.diagnosis.cursor {
			m.diagnosis.cursor, m.diagnosis.ref = i, 0
		}
	}
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
		m.status.set(refLabel(ref) + " of the history: its row in the Memory view says what became of it")
	case diagnose.RefToolResult:
		m.openView(viewContext)
		m.status.set(refLabel(ref) + ": the Context view shows what of it was sent")
	case diagnose.RefComponent:
		m.openView(viewContext)
		m.status.set(refLabel(ref) + ": its bar is in the budget above; the Context view shows what was sent")
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
	label := refLabel(diagnose.DocumentRef(scenarioDoc))
	if !found {
		m.status.set(label + " is not among the documents reranking kept")
		return
	}
	m.list.stage = decidingStage(ev, doc)
	if m.filter.Active() && !m.filter.Admits(scenarioDoc) {
		m.filter.Clear()
	}
	m.refreshRows()
	if !m.list.selectDoc(doc) && m.list.hideGone {
		m.list.hideGone = false
		m.refreshRows()
		m.list.selectDoc(doc)
	}
	m.openView(viewDocuments)
	m.focus = paneList
	m.layoutPanes()
	m.status.set(label + " " + views.SourceOf(ev, doc) + ", shown at the " + m.list.stage.Name() + " stage")
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
