package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
)

// controlsOutcome is what a key in the strip asks of the root, which owns
// the settings and decides what to recompute.
type controlsOutcome struct {
	settings *core.Settings // new settings to validate and evaluate
	reset    bool           // back to the scenario's settings
	leave    bool           // give the keyboard back to the main area
}

// update handles a key while the strip has the keyboard: in the text
// input when a value is being typed, otherwise choosing and stepping
// controls. s is the settings in force, width the strip's.
func (c controlsPane) update(msg tea.KeyMsg, s core.Settings, width int) (controlsPane, controlsOutcome, tea.Cmd) {
	if c.editing {
		return c.updateInput(msg, s)
	}
	if c.finding {
		c, cmd := c.updateFind(msg)
		return c, controlsOutcome{}, cmd
	}
	k := c.keys
	switch {
	case key.Matches(msg, k.Prev):
		c.move(-1)
	case key.Matches(msg, k.Next):
		c.move(1)
	case key.Matches(msg, k.Dec), key.Matches(msg, k.Inc), key.Matches(msg, k.Toggle):
		if key.Matches(msg, k.Toggle) && c.current().kind != kindToggle {
			break
		}
		if c.current().kind == kindText {
			c.startEdit(s, width-2)
			break
		}
		dir := 1
		if key.Matches(msg, k.Dec) {
			dir = -1
		}
		if next, ok := c.adjust(s, dir); ok {
			return c, controlsOutcome{settings: &next}, nil
		}
	case key.Matches(msg, k.Edit):
		c.startEdit(s, width-2)
	case key.Matches(msg, k.Find):
		c.startFind()
	case key.Matches(msg, k.Reset):
		return c, controlsOutcome{reset: true}, nil
	case key.Matches(msg, k.Back):
		return c, controlsOutcome{leave: true}, nil
	}
	return c, controlsOutcome{}, nil
}

// updateInput handles a key typed into a control's value.
func (c controlsPane) updateInput(msg tea.KeyMsg, s core.Settings) (controlsPane, controlsOutcome, tea.Cmd) {
	switch {
	case key.Matches(msg, c.inputKeys.Cancel):
		c.cancelEdit()
		return c, controlsOutcome{}, nil
	case key.Matches(msg, c.inputKeys.Clear):
		c.input.SetValue("")
		return c, controlsOutcome{}, nil
	case key.Matches(msg, c.inputKeys.Accept):
		if next, ok := c.commitEdit(s); ok {
			return c, controlsOutcome{settings: &next}, nil
		}
		return c, controlsOutcome{}, nil
	}
	var cmd tea.Cmd
	c.input, cmd = c.input.Update(msg)
	return c, controlsOutcome{}, cmd
}
