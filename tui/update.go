package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/themes"
	"ctxlab/tui/controls"
	"ctxlab/tui/doclist"
	"ctxlab/tui/evalview"
	"ctxlab/tui/export"
	"ctxlab/tui/filter"
	"ctxlab/tui/fixes"
	"ctxlab/tui/rows"
	"ctxlab/tui/sweepview"
	"ctxlab/tui/term"
	"ctxlab/tui/timeline"
	"ctxlab/tui/tokenview"
)

// Update routes a message, then brings the scrolling panes up to date
// with whatever it changed.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := crashTestKey(msg); ok {
		return m, cmd
	}
	if keys, ok := msg.(tea.KeyMsg); ok && keys.Type == tea.KeyRunes && len(keys.Runes) > 1 && !keys.Paste && !m.typing() {
		// Keys typed fast (or repeated) can arrive in one read, which
		// Bubble Tea hands over as one message of several runes: "jjj"
		// matches no binding. Outside a text input each is a key.
		var cmds []tea.Cmd
		var next tea.Model = m
		for _, r := range keys.Runes {
			var cmd tea.Cmd
			next, cmd = next.(Model).Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: keys.Alt})
			cmds = append(cmds, cmd)
		}
		return next, tea.Batch(cmds...)
	}
	next, cmd := m.route(msg)
	nm := next.(Model)
	// The commands first: refreshTextPanes changes nm, and Go does not say
	// whether a return's operands are read before or after its calls.
	count := nm.refreshTextPanes()
	expire := nm.status.expiry(m.status.id)
	sweep := nm.sweepCmd()
	return nm, tea.Batch(cmd, count, expire, sweep)
}

// typing reports whether a text input has the keyboard.
func (m Model) typing() bool { return m.filter.Editing() || m.controls.Editing() }

// route handles one message. Keys go to a focused text input first, then
// to the global bindings, then to the focused pane's.
func (m Model) route(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layoutPanes()
		return m, nil
	case evaluatedMsg:
		cmd := m.applyEvaluation(msg)
		m.markInputChanges()
		return m, cmd
	case InputsMsg:
		cmd := m.applyInputs(msg)
		return m, tea.Batch(cmd, waitInputs(m.cfg.Inputs))
	case evalview.RanMsg, evalview.BaselineMsg:
		return m.updateEval(msg)
	case summaryCallMsg:
		m.noteModelCall(msg)
		return m, nil
	case clearStatusMsg:
		m.status.clear(msg.id)
		return m, nil
	case tokenCountsMsg:
		m.inspector.setCounts(msg)
		return m, nil
	case tokenizersReadyMsg:
		return m, nil
	case tokenview.TickMsg, tokenview.DoneMsg:
		cmd := m.updateCounting(msg)
		return m, cmd
	case filter.ResultMsg:
		if m.filter.Apply(msg) {
			m.refreshRows()
		}
		return m, nil
	case export.DoneMsg:
		m.status.set(msg.Text)
		return m, nil
	case fixes.SuggestionsMsg:
		m.receiveSuggestions(msg)
		return m, nil
	case sweepview.SweptMsg, sweepview.RunSweptMsg:
		m.receiveSweep(msg)
		return m, nil
	case timeline.ReplayedMsg:
		m.timeline.Apply(msg)
		return m, nil
	case turnOpenedMsg:
		cmd := m.applyOpenedTurn(msg)
		return m, cmd
	case tea.ResumeMsg:
		return m, term.Resumed()
	case tea.MouseMsg:
		return m.updateMouse(msg)
	case tea.KeyMsg:
		return m.updateKey(msg)
	}
	return m, nil
}

func (m Model) updateKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	// Ctrl-C quits from anywhere, a text field included: a field that
	// swallowed it would leave no way out but killing the terminal.
	if msg.Type == tea.KeyCtrlC {
		return m, tea.Quit
	}
	// Ctrl-Z too: the shell's job control must work whatever has focus.
	if key.Matches(msg, m.global.Suspend) {
		return m, term.Suspend
	}
	// esc stops what is computing before it does anything else: a model
	// call first (the footer offers it), then a token count.
	if m.summaryCallInFlight() && !m.typing() && key.Matches(msg, m.global.CancelSummary) {
		return m, m.cancelModelCall()
	}
	if m.counting.Running() && !m.typing() && msg.String() == "esc" {
		m.counting.Stop()
		return m, nil
	}
	if m.filter.Editing() {
		var cmd tea.Cmd
		var cleared bool
		m.filter, cmd, cleared = m.filter.Update(msg, m.eval)
		if cleared {
			m.refreshRows()
		}
		return m, cmd
	}
	if m.controls.Editing() || m.controls.Finding() {
		return m.updateControls(msg)
	}
	if m.views.helpOpen {
		m.views = m.views.updateHelp(msg)
		return m, nil
	}
	if next, cmd, ok := m.updateFixKeys(msg); ok {
		return next, cmd
	}
	if m.timelineTakes(msg) {
		return m.updateTimeline(msg)
	}
	if next, cmd, ok := m.updateGlobal(msg); ok {
		return next, cmd
	}
	switch {
	case m.focus == paneControls:
		return m.updateControls(msg)
	case m.evalOpen:
		return m.updateEval(msg)
	case m.view == viewTimeline && m.cfg.Trajectory != nil:
		return m.updateTimeline(msg)
	case m.view == viewTimeline:
		// No trajectory: the view only says so, and takes no keys.
		return m, nil
	case m.view == viewSpace:
		return m.updateSpace(msg)
	case m.focus == paneInspector || m.view != viewDocuments:
		return m.updateScroll(msg)
	}
	return m.updateList(msg)
}

// updateGlobal handles the keys that work in every pane; ok is false for
// any other key.
func (m Model) updateGlobal(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	g := m.global
	switch {
	case key.Matches(msg, g.Quit):
		return m, tea.Quit, true
	case key.Matches(msg, g.Help):
		m.views.helpOpen = true
		m.views.key = ""
	case key.Matches(msg, g.NextPane):
		m.cycleFocus(1)
	case key.Matches(msg, g.PrevPane):
		m.cycleFocus(-1)
	case key.Matches(msg, g.Timeline):
		m.openTimeline()
	case key.Matches(msg, g.Views):
		m.openView(view(msg.String()[0] - '1'))
	case key.Matches(msg, g.Diagnosis):
		m.openView(viewDiagnosis)
	case key.Matches(msg, g.Eval):
		m.openEvalView()
	case key.Matches(msg, g.Sweep):
		m.openView(viewSweep)
	case key.Matches(msg, g.Compare):
		m.openView(viewCompare)
	case key.Matches(msg, g.PinBaseline):
		return m, m.pinBaseline(), true
	case key.Matches(msg, g.ClearBaseline):
		m.clearBaseline()
	case key.Matches(msg, g.Tokens):
		m.tokenView = !m.tokenView
		m.inspector.key, m.views.key = "", ""
		if m.tokenView {
			m.status.set("text shown as tokens in the inspector and the Context view (T shows the text again)")
		} else {
			m.status.set("text shown as text")
		}
	case key.Matches(msg, g.Theme):
		m.palette = themes.Next(m.palette)
		m.styles = themes.New(m.palette)
		m.themeID++
		m.applyHelpStyles()
		m.inspector.key, m.views.key = "", ""
		m.status.set("theme: " + m.palette.Name)
	case key.Matches(msg, g.Export):
		return m, m.exportCmd(), true
	case key.Matches(msg, g.Copy):
		return m, m.copyCmd(), true
	case key.Matches(msg, g.Filter):
		m.view = viewDocuments
		m.filter.Open()
		m.focus = paneList
		m.layoutPanes()
	case key.Matches(msg, g.Controls) && m.focus != paneControls:
		m.focus = paneControls
	case key.Matches(msg, g.FindControl) && m.focus != paneControls:
		m.focus = paneControls
		m.controls.StartFind()
		m.layoutPanes()
	default:
		return m, nil, false
	}
	return m, nil, true
}

// openView shows view v. A view other than Documents takes the keys,
// from the controls too: the keys it lists must do what it says, not
// turn the control that had them. Back from a view that took the keys
// for scrolling, the list has them again; 1 within Documents leaves the
// focus alone.
func (m *Model) openView(v view) {
	prev := m.view
	m.evalOpen = false
	m.view = v
	if m.view != viewDocuments {
		m.focus = paneInspector
	}
	if m.view == viewDocuments && m.focus == paneInspector && (prev != viewDocuments || !m.wide) {
		m.focus = paneList
	}
	m.views.key = ""
	m.layoutPanes()
}

// cycleFocus moves the keyboard between the panes on screen.
func (m *Model) cycleFocus(dir int) {
	panes := []pane{paneList, paneInspector, paneControls}
	if m.view != viewDocuments {
		panes = []pane{paneInspector, paneControls}
	} else if !m.wide && m.focus != paneInspector {
		panes = []pane{paneList, paneControls}
	}
	i := 0
	for j, p := range panes {
		if p == m.focus {
			i = j
		}
	}
	m.focus = panes[(i+dir+len(panes))%len(panes)]
	m.layoutPanes()
}

func (m Model) updateList(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var action doclist.Action
	m.list, action = m.list.Update(msg, m.listBodyHeight(), rows.StagesFor(m.eval), m.filter.Active())
	switch action {
	case doclist.Restaged:
		m.refreshRows()
	case doclist.ToggledGone:
		m.refreshRows()
		if m.list.HideGone() {
			m.status.set("removed documents hidden (x shows them)")
		} else {
			m.status.set("removed documents shown in their final state")
		}
	case doclist.Inspect:
		m.focus = paneInspector
		m.layoutPanes()
	case doclist.ClearFilter:
		m.filter.Clear()
		m.refreshRows()
	case doclist.BaselineFirst:
		m.refreshRows()
		m.status.set(m.list.BaselineFirstWords(m.baseline != nil, len(m.versus)))
	case doclist.NextChanged:
		switch {
		case m.list.NextChanged(m.changed, m.listBodyHeight()):
		case len(m.changed) == 0:
			m.status.set("no document changed fate with the last change")
		default:
			m.status.set("the documents that changed fate are not in this list (a filter or x hides them)")
		}
	}
	return m, nil
}

// updateScroll scrolls the text pane on screen: the inspector within
// Documents, views 2-5 otherwise. Back returns to the list.
func (m Model) updateScroll(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.view == viewDiagnosis {
		return m.updateDiagnosis(msg)
	}
	var back bool
	if m.view == viewDocuments {
		m.inspector, back = m.inspector.update(msg)
	} else {
		m.views, back = m.views.update(msg)
	}
	if back {
		m.focus = paneList
		m.view = viewDocuments
		m.layoutPanes()
	}
	return m, nil
}

func (m Model) updateControls(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var out controls.Outcome
	var cmd tea.Cmd
	m.controls, out, cmd = m.controls.Update(msg, m.settings, m.width)
	switch {
	case out.Settings != nil:
		return m, m.applySettings(*out.Settings)
	case out.Reset:
		m.status.set("every control reset to the scenario's settings")
		return m, m.applySettings(m.initial)
	case out.Leave:
		m.focus = paneList
		if m.view != viewDocuments {
			m.focus = paneInspector
		}
	}
	return m, cmd
}

// applySettings adopts new settings when they validate and recomputes;
// otherwise the reason is shown and the picture stays as it was.
func (m *Model) applySettings(next core.Settings) tea.Cmd {
	if err := next.Validate(); err != nil {
		m.controls.SetError(err.Error())
		return nil
	}
	m.settings = next
	m.summaryStandIn = false // a new setting asks the model again
	return m.requestEvaluation()
}
