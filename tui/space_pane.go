package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/tui/rows"
	"ctxlab/tui/space"
)

// newSpacePane is view 6 with nothing listed: what takes the space is
// package tui/space.
func newSpacePane() space.Model { return space.New() }

// spaceRowsVisible is the number of item rows view 6 shows.
func (m *Model) spaceRowsVisible() int {
	return max(1, m.computeLayout().main-2-space.HeaderLines)
}

// updateSpace handles a key in view 6: moving, sorting, going to the
// item, or back to the list.
func (m Model) updateSpace(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var action space.Action
	m.space, action = m.space.Update(msg, m.spaceRowsVisible())
	switch action {
	case space.Jump:
		it, _ := m.space.Selected()
		m.jumpToSpaceItem(it)
	case space.Back:
		m.focus = paneList
		m.view = viewDocuments
		m.layoutPanes()
	}
	return m, nil
}

// jumpToSpaceItem shows an item where the workbench shows it: a document
// on its row of the document list, anything else at its message in the
// Context view.
func (m *Model) jumpToSpaceItem(it core.SpaceItem) {
	if it.Kind == window.ItemDocument {
		m.openView(viewDocuments)
		m.focus = paneList
		if !m.list.SelectDocument(it.Ref, m.listBodyHeight()) {
			// Hidden by the filter, or by the stage: the budget stage
			// with removed documents shown lists every document.
			m.filter.Clear()
			m.list.SetStage(rows.StageBudget)
			m.list.SetHideGone(false)
			m.refreshRows()
			m.list.SelectDocument(it.Ref, m.listBodyHeight())
		}
		m.layoutPanes()
		return
	}
	m.views.scroll[viewContext] = space.ContextLine(m.styles, m.eval, m.cfg.Scenario, m.views.vp.Width, it)
	// The Context view takes its position from scroll when it opens.
	m.views.owner = -1
	m.openView(viewContext)
	m.status.set(fmt.Sprintf("Context view at %s", it.Name()))
}

// spaceBox draws view 6 in its box, w×h cells.
func (m Model) spaceBox(w, h int) string {
	focused := m.focus == paneInspector
	content := m.space.View(m.styles, m.eval, max(1, w-2), max(0, h-2), focused)
	return box(m.styles, m.space.Title(), content, w, h, focused)
}
