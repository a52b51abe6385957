package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// refreshRows rebuilds the document list for the stage and filter.
func (m *Model) refreshRows() {
	stages := stagesFor(m.eval)
	found := false
	for _, s := range stages {
		found = found || s == m.stage
	}
	if !found {
		m.stage = stageBudget
	}
	rows := stageRows(m.eval, m.stage, m.hideGone)
	if m.filterActive {
		kept := rows[:0:0]
		for _, r := range rows {
			if m.filterDocs[m.evalDocIndex(r.doc)] {
				kept = append(kept, r)
			}
		}
		rows = kept
	}
	m.list.setRows(rows)
	if m.eval != nil {
		m.list.layout = fitRowLayout(rows, m.eval.Documents, m.list.layout)
	}
	m.list.cache = make(map[rowKey]string)
	m.inspKey, m.textKey = "", ""
}

// evalDocIndex maps an evaluation's document to the scenario's.
func (m *Model) evalDocIndex(doc int) int {
	if m.eval == nil || doc < 0 || doc >= len(m.eval.DocIndex) {
		return doc
	}
	return m.eval.DocIndex[doc]
}

// inspectorCmd refreshes the inspector (or the text view) when what it
// shows changed, and asks for the selected document's token counts when
// they are not known yet.
func (m *Model) inspectorCmd() tea.Cmd {
	if m.view != viewDocuments || m.showHelp {
		m.refreshTextView()
		return nil
	}
	doc := m.list.selectedDoc()
	key := fmt.Sprintf("%d/%d/%d/%d/%d/%d", doc, m.shown, m.inspector.Width, m.themeID, len(m.tokenCounts[m.evalDocIndex(doc)]), m.filterVer)
	if key == m.inspKey {
		return nil
	}
	if doc != m.inspDoc {
		m.inspector.GotoTop()
		m.inspDoc = doc
	}
	m.inspKey = key
	counts := m.tokenCounts[m.evalDocIndex(doc)]
	query := ""
	if m.filterActive {
		query = m.filterQuery
	}
	m.inspector.SetContent(inspectorContent(m.styles, m.eval, doc, counts, query, m.inspector.Width, m.list.layout.scoreDigits))
	if counts == nil && m.eval != nil && doc >= 0 {
		return countTokensFor(m.evalDocIndex(doc), m.eval.Documents[doc].Content)
	}
	return nil
}

// countTokensFor wraps countTokens; the counts are keyed by the
// scenario's document index so they survive reranking.
func countTokensFor(doc int, text string) tea.Cmd { return countTokens(doc, text) }

// textHelp is the help screen's slot in Model.viewScroll, after the views.
const textHelp = int(viewMetrics) + 1

// refreshTextView renders views 2-5 into the shared scrolling pane.
func (m *Model) refreshTextView() {
	key := fmt.Sprintf("%d/%d/%d/%d/%v", m.view, m.shown, m.textView.Width, m.themeID, m.showHelp)
	if key == m.textKey {
		return
	}
	m.textKey = key
	owner := int(m.view)
	if m.showHelp {
		owner = textHelp
	}
	if owner != m.textOwner {
		if m.textOwner >= 0 {
			m.viewScroll[m.textOwner] = m.textView.YOffset
		}
		defer func() {
			m.textOwner = owner
			m.textView.SetYOffset(m.viewScroll[owner])
		}()
	}
	w := m.textView.Width
	var content string
	if m.showHelp {
		m.viewScroll[textHelp] = 0 // help always opens at the top
		m.textView.SetContent(helpContent(m.styles, m.helpSections(), w))
		return
	}
	switch m.view {
	case viewOrdering:
		content = orderingContent(m.styles, m.eval, w)
	case viewContext:
		content = contextContent(m.styles, m.eval, w)
	case viewMemory:
		var fallbacks []string
		if m.cfg.SummarizerFallbacks != nil {
			fallbacks = m.cfg.SummarizerFallbacks()
		}
		content = memoryContent(m.styles, m.eval, fallbacks, w)
	case viewMetrics:
		content = metricsContent(m.styles, m.eval, w)
	}
	m.textView.SetContent(content)
}
