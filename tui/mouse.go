package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/tui/space"
)

// updateMouse scrolls the pane under the wheel and selects the clicked
// row or control band.
func (m Model) updateMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	l := m.computeLayout()
	mainTop := l.mainTop()
	mainBottom := mainTop + l.main
	inMain := msg.Y >= mainTop && msg.Y < mainBottom
	// The help screen covers the main area, whichever view is under it.
	documents := m.view == viewDocuments && !m.views.helpOpen && !m.evalOpen
	evalTable := m.evalOpen && !m.views.helpOpen
	overList := documents && (!m.wide || msg.X < l.listW) && !(m.focus == paneInspector && !m.wide)

	switch msg.Button {
	case tea.MouseButtonWheelUp, tea.MouseButtonWheelDown:
		if msg.Action != tea.MouseActionPress || !inMain {
			return m, nil
		}
		delta := 3
		if msg.Button == tea.MouseButtonWheelUp {
			delta = -3
		}
		switch {
		case evalTable:
			m.evalView.Scroll(delta, l.main-2)
		case overList:
			m.list.Move(delta, m.listBodyHeight())
		case m.view == viewSpace && !m.views.helpOpen:
			m.space.Move(delta, m.spaceRowsVisible())
		case documents:
			scrollBy(&m.inspector.vp, delta)
		default:
			scrollBy(&m.views.vp, delta)
		}
		return m, nil
	case tea.MouseButtonLeft:
		if msg.Action != tea.MouseActionPress {
			return m, nil
		}
		switch {
		case inMain && evalTable:
			m.focus = paneInspector
			m.evalView.Click(msg.Y - mainTop - 1) // below the border
		case inMain && overList:
			m.focus = paneList
			row := msg.Y - mainTop - 2 // border and column header
			m.list.SelectVisibleRow(row)
		case inMain && m.view == viewSpace && !m.views.helpOpen:
			m.focus = paneInspector
			// Below the border, the summary and the column header.
			m.space.SelectVisibleRow(msg.Y - mainTop - 1 - space.HeaderLines)
		case inMain && m.view == viewDiagnosis && !m.views.helpOpen:
			m.focus = paneInspector
			m.diagnosis.ChooseAt(msg.Y-mainTop-1+m.views.vp.YOffset, m.styles, m.eval, m.views.vp.Width) // below the border
		case msg.Y == mainTop-1 && l.finding > 0:
			// The finding line is the Diagnosis view's door.
			m.openView(viewDiagnosis)
		case inMain:
			m.focus = paneInspector
		case msg.Y >= mainBottom && msg.Y < mainBottom+l.controls:
			m.focus = paneControls
		}
		m.layoutPanes()
	}
	return m, nil
}
