package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/themes"
)

// Update routes a message, then brings the scrolling panes up to date
// with whatever it changed.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if keys, ok := msg.(tea.KeyMsg); ok && keys.Type == tea.KeyRunes && len(keys.Runes) > 1 && !keys.Paste && !m.filtering && !m.controls.editing {
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
	// The commands first: inspectorCmd changes nm, and Go does not say
	// whether a return's operands are read before or after its calls.
	inspect := nm.inspectorCmd()
	expire := nm.statusExpiry(m.statusID)
	return nm, tea.Batch(cmd, inspect, expire)
}

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
		return m, cmd
	case clearStatusMsg:
		if msg.id == m.statusID {
			m.status = ""
		}
		return m, nil
	case clearChangedMsg:
		if msg.gen == m.changedGen {
			m.changed = nil
			m.list.cache = make(map[rowKey]string)
		}
		return m, nil
	case tokenCountsMsg:
		m.tokenCounts[msg.doc] = msg.counts
		m.inspKey = ""
		return m, nil
	case tokenizersReadyMsg:
		return m, nil
	case filterResultMsg:
		m.applyFilter(msg)
		return m, nil
	case exportedMsg:
		m.setStatus(msg.text)
		return m, nil
	case tea.MouseMsg:
		return m.updateMouse(msg)
	case tea.KeyMsg:
		return m.updateKey(msg)
	}
	return m, nil
}

func (m Model) updateKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.filtering {
		return m.updateFilterInput(msg)
	}
	if m.controls.editing {
		return m.updateControlInput(msg)
	}
	if m.showHelp {
		switch {
		case msg.String() == "ctrl+c":
			return m, tea.Quit
		case key.Matches(msg, m.scrollK.Up):
			m.textView.ScrollUp(1)
		case key.Matches(msg, m.scrollK.Down):
			m.textView.ScrollDown(1)
		case key.Matches(msg, m.scrollK.PageUp):
			m.textView.PageUp()
		case key.Matches(msg, m.scrollK.PageDown):
			m.textView.PageDown()
		default:
			m.showHelp = false
			m.textKey = ""
		}
		return m, nil
	}
	switch {
	case key.Matches(msg, m.global.Quit):
		return m, tea.Quit
	case key.Matches(msg, m.global.Help):
		m.showHelp = true
		m.textKey = ""
		return m, nil
	case key.Matches(msg, m.global.NextPane):
		m.cycleFocus(1)
		return m, nil
	case key.Matches(msg, m.global.PrevPane):
		m.cycleFocus(-1)
		return m, nil
	case key.Matches(msg, m.global.Views):
		prev := m.view
		m.view = view(msg.String()[0] - '1')
		if m.view != viewDocuments && m.focus != paneControls {
			m.focus = paneInspector
		}
		// Back from a view that took the keys for scrolling, the list
		// has them again; 1 within Documents leaves the focus alone.
		if m.view == viewDocuments && m.focus == paneInspector && (prev != viewDocuments || !m.wide) {
			m.focus = paneList
		}
		m.textKey = ""
		m.layoutPanes()
		return m, nil
	case key.Matches(msg, m.global.Theme):
		m.palette = themes.Next(m.palette)
		m.styles = themes.New(m.palette)
		m.themeID++
		m.applyHelpStyles()
		m.inspKey, m.textKey = "", ""
		m.setStatus("theme: " + m.palette.Name)
		return m, nil
	case key.Matches(msg, m.global.Export):
		return m, m.exportCmd()
	case key.Matches(msg, m.global.Copy):
		return m, m.copyCmd()
	case key.Matches(msg, m.global.Filter):
		m.view = viewDocuments
		m.filtering = true
		m.filterInput.SetValue(m.filterQuery)
		m.filterInput.CursorEnd()
		m.filterInput.Focus()
		m.focus = paneList
		m.layoutPanes()
		return m, nil
	case key.Matches(msg, m.global.Controls) && m.focus != paneControls:
		m.focus = paneControls
		return m, nil
	}
	switch m.focus {
	case paneControls:
		return m.updateControls(msg)
	case paneInspector:
		return m.updateScroll(msg)
	}
	if m.view != viewDocuments {
		return m.updateScroll(msg)
	}
	return m.updateList(msg)
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
	h := m.listBodyHeight()
	switch {
	case key.Matches(msg, m.listK.Up):
		m.list.move(-1, h)
	case key.Matches(msg, m.listK.Down):
		m.list.move(1, h)
	case key.Matches(msg, m.listK.PageUp):
		m.list.move(-h, h)
	case key.Matches(msg, m.listK.PageDown):
		m.list.move(h, h)
	case key.Matches(msg, m.listK.Top):
		m.list.move(-len(m.list.rows), h)
	case key.Matches(msg, m.listK.Bottom):
		m.list.move(len(m.list.rows), h)
	case key.Matches(msg, m.listK.PrevStage):
		m.moveStage(-1)
	case key.Matches(msg, m.listK.NextStage):
		m.moveStage(1)
	case key.Matches(msg, m.listK.HideGone):
		m.hideGone = !m.hideGone
		m.refreshRows()
		if m.hideGone {
			m.setStatus("removed documents hidden (x shows them)")
		} else {
			m.setStatus("removed documents shown in their final state")
		}
	case key.Matches(msg, m.listK.Inspect):
		m.focus = paneInspector
		m.layoutPanes()
	case msg.String() == "esc" && m.filterActive:
		m.clearFilter()
	}
	return m, nil
}

// moveStage selects the previous or next pipeline stage.
func (m *Model) moveStage(dir int) {
	stages := stagesFor(m.eval)
	i := len(stages) - 1
	for j, s := range stages {
		if s == m.stage {
			i = j
		}
	}
	m.stage = stages[min(len(stages)-1, max(0, i+dir))]
	m.refreshRows()
}

func (m Model) updateScroll(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	vp := &m.textView
	if m.view == viewDocuments {
		vp = &m.inspector
	}
	switch {
	case key.Matches(msg, m.scrollK.Up):
		vp.ScrollUp(1)
	case key.Matches(msg, m.scrollK.Down):
		vp.ScrollDown(1)
	case key.Matches(msg, m.scrollK.PageUp):
		vp.PageUp()
	case key.Matches(msg, m.scrollK.PageDown):
		vp.PageDown()
	case key.Matches(msg, m.scrollK.Top):
		vp.GotoTop()
	case key.Matches(msg, m.scrollK.Bottom):
		vp.GotoBottom()
	case key.Matches(msg, m.scrollK.Back):
		m.focus = paneList
		if m.view != viewDocuments {
			m.view = viewDocuments
		}
		m.layoutPanes()
	}
	return m, nil
}

func (m Model) updateControls(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	c := &m.controls
	switch {
	case key.Matches(msg, m.controlK.Prev):
		c.move(-1)
	case key.Matches(msg, m.controlK.Next):
		c.move(1)
	case key.Matches(msg, m.controlK.Dec), key.Matches(msg, m.controlK.Inc), key.Matches(msg, m.controlK.Toggle):
		dir := 1
		if key.Matches(msg, m.controlK.Dec) {
			dir = -1
		}
		if key.Matches(msg, m.controlK.Toggle) && c.current().kind != kindToggle {
			return m, nil
		}
		if c.current().kind == kindText {
			c.startEdit(m.settings, m.width-2)
			return m, nil
		}
		if next, ok := c.adjust(m.settings, dir); ok {
			cmd := m.applySettings(next)
			return m, cmd
		}
	case key.Matches(msg, m.controlK.Edit):
		c.startEdit(m.settings, m.width-2)
	case key.Matches(msg, m.controlK.Reset):
		m.setStatus("every control reset to the scenario's settings")
		cmd := m.applySettings(m.initial)
		return m, cmd
	case key.Matches(msg, m.controlK.Back):
		m.focus = paneList
		if m.view != viewDocuments {
			m.focus = paneInspector
		}
	}
	return m, nil
}

func (m Model) updateControlInput(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.inputK.Cancel):
		m.controls.cancelEdit()
		return m, nil
	case key.Matches(msg, m.inputK.Clear):
		m.controls.input.SetValue("")
		return m, nil
	case key.Matches(msg, m.inputK.Accept):
		if next, ok := m.controls.commitEdit(m.settings); ok {
			cmd := m.applySettings(next)
			return m, cmd
		}
		return m, nil
	}
	var cmd tea.Cmd
	m.controls.input, cmd = m.controls.input.Update(msg)
	return m, cmd
}

// applySettings adopts new settings when they validate and recomputes;
// otherwise the reason is shown and the picture stays as it was.
func (m *Model) applySettings(next core.Settings) tea.Cmd {
	if err := next.Validate(); err != nil {
		m.controls.errText = err.Error()
		return nil
	}
	m.settings = next
	return m.requestEvaluation()
}
