package controls

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
)

// Outcome is what a key in the strip asks of the root, which owns
// the settings and decides what to recompute.
type Outcome struct {
	Settings *core.Settings // new settings to validate and evaluate
	Reset    bool           // back to the scenario's settings
	Leave    bool           // give the keyboard back to the main area
}

// Update handles a key while the strip has the keyboard: in the text
// input when a value is being typed, otherwise choosing and stepping
// controls. s is the settings in force, width the strip's.
func (c Strip) Update(msg tea.KeyMsg, s core.Settings, width int) (Strip, Outcome, tea.Cmd) {
	if c.editing {
		return c.updateInput(msg, s)
	}
	if c.finding {
		c, cmd := c.updateFind(msg)
		return c, Outcome{}, cmd
	}
	k := c.keys
	switch {
	case key.Matches(msg, k.Prev):
		c.move(-1)
	case key.Matches(msg, k.Next):
		c.move(1)
	case key.Matches(msg, k.Dec), key.Matches(msg, k.Inc), key.Matches(msg, k.Toggle):
		if key.Matches(msg, k.Toggle) && c.Current().Kind != KindToggle {
			break
		}
		if c.Current().Kind == KindText {
			c.startEdit(s, width-2)
			break
		}
		dir := 1
		if key.Matches(msg, k.Dec) {
			dir = -1
		}
		if next, ok := c.adjust(s, dir); ok {
			return c, Outcome{Settings: &next}, nil
		}
	case key.Matches(msg, k.Edit):
		c.startEdit(s, width-2)
	case key.Matches(msg, k.Find):
		c.StartFind()
	case key.Matches(msg, k.Reset):
		return c, Outcome{Reset: true}, nil
	case key.Matches(msg, k.Back):
		return c, Outcome{Leave: true}, nil
	}
	return c, Outcome{}, nil
}

// updateInput handles a key typed into a control's value.
func (c Strip) updateInput(msg tea.KeyMsg, s core.Settings) (Strip, Outcome, tea.Cmd) {
	switch {
	case key.Matches(msg, c.inputKeys.Cancel):
		c.cancelEdit()
		return c, Outcome{}, nil
	case key.Matches(msg, c.inputKeys.Clear):
		c.input.SetValue("")
		return c, Outcome{}, nil
	case key.Matches(msg, c.inputKeys.Accept):
		if next, ok := c.commitEdit(s); ok {
			return c, Outcome{Settings: &next}, nil
		}
		return c, Outcome{}, nil
	}
	var cmd tea.Cmd
	c.input, cmd = c.input.Update(msg)
	return c, Outcome{}, cmd
}
