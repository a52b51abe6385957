package tui

import (
	"fmt"

	"ctxlab/tui/diagnosis"
	"ctxlab/tui/tokenview"
	"ctxlab/tui/views"

	tea "github.com/charmbracelet/bubbletea"
)

// refreshRows rebuilds the document list for the stage and filter; the
// text panes render again, since what they describe may have moved.
func (m *Model) refreshRows() {
	m.list.Refresh(m.eval, &m.filter, m.versus)
	m.inspector.key, m.views.key = "", ""
}

// refreshTextPanes renders the inspector, or the text view on screen,
// again when what it shows changed, and returns the command that counts
// the selected document's tokens when they are not known yet.
func (m *Model) refreshTextPanes() tea.Cmd {
	if (m.view == viewSpace || m.view == viewTimeline) && !m.views.helpOpen {
		return nil // the space list and the timeline render themselves
	}
	if m.view != viewDocuments || m.views.helpOpen {
		m.refreshTextView()
		return nil
	}
	return m.inspector.show(inspected{
		st: m.styles, themeID: m.themeID, ev: m.eval, shown: m.shown, doc: m.list.Selected(),
		filter: &m.filter, scoreDigits: m.list.ScoreDigits(), tokenView: m.tokenView,
	})
}

// refreshTextView renders views 2-5 and Diagnosis, or the help, into the shared
// scrolling pane.
func (m *Model) refreshTextView() {
	owner := int(m.view)
	if m.views.helpOpen {
		owner = textHelp
	}
	version := fmt.Sprintf("%d/%d/%d/%v/%v/%d/%d/%s/%p/%v", m.view, m.shown, m.themeID, m.views.helpOpen, m.views.legend,
		m.diagnosis.Cursor(), m.diagnosis.Ref(), m.sweeps.Version(), m.comparison, m.tokenView)
	m.views.show(owner, version, m.renderTextView)
}

// renderTextView draws what the shared pane shows at a width: the help,
// its legend, or the view on screen.
func (m *Model) renderTextView(w int) string {
	switch {
	case m.views.helpOpen && m.views.legend:
		return views.Legend(m.styles, w)
	case m.views.helpOpen:
		return helpContent(m.styles, m.helpSections(), w)
	case m.view == viewOrdering:
		return views.Ordering(m.styles, m.eval, w)
	case m.view == viewContext && m.tokenView:
		return tokenview.Context(m.styles, m.eval, w)
	case m.view == viewContext:
		return views.Context(m.styles, m.eval, m.cfg.Scenario, w)
	case m.view == viewMemory:
		var fallbacks []string
		if m.cfg.SummarizerFallbacks != nil {
			fallbacks = m.cfg.SummarizerFallbacks()
		}
		if m.shownStandIn {
			fallbacks = append(fallbacks, standInNote)
		}
		return views.Memory(m.styles, m.eval, fallbacks, w)
	case m.view == viewMetrics:
		return views.Metrics(m.styles, m.eval, w)
	case m.view == viewDiagnosis:
		text, _ := diagnosis.Content(m.styles, m.eval, m.diagnosis, w)
		return text
	case m.view == viewSweep:
		return m.sweeps.View(m.styles, w)
	case m.view == viewCompare:
		return views.Compare(m.styles, m.comparison, m.compareCosts(), w)
	}
	return ""
}
