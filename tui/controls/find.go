package controls

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sahilm/fuzzy"
)

// The strip holds some 30 controls; finding one by name beats pressing
// ↓ sixteen times. As the name is typed the selection jumps to the best
// fuzzy match; enter keeps it, esc goes back to where it was.

// StartFind opens the find input in the strip.
func (c *Strip) StartFind() {
	c.finding = true
	c.beforeFind = c.selected
	c.errText = ""
	c.findInput.SetValue("")
	c.findInput.Focus()
}

// updateFind handles a key typed into the find input; done is true when
// the find ended, by enter or esc.
func (c Strip) updateFind(msg tea.KeyMsg) (Strip, tea.Cmd) {
	switch {
	case key.Matches(msg, c.inputKeys.Cancel):
		c.selected = c.beforeFind
		c.endFind()
		return c, nil
	case key.Matches(msg, c.inputKeys.Accept):
		c.endFind()
		return c, nil
	}
	var cmd tea.Cmd
	c.findInput, cmd = c.findInput.Update(msg)
	if i, ok := c.bestMatch(c.findInput.Value()); ok {
		c.selected = i
	}
	return c, cmd
}

func (c *Strip) endFind() {
	c.finding = false
	c.findInput.Blur()
}

// bestMatch is the control whose label, or else id, matches name best.
func (c *Strip) bestMatch(name string) (int, bool) {
	if name == "" {
		return 0, false
	}
	labels := make([]string, len(c.controls))
	ids := make([]string, len(c.controls))
	for i, ctl := range c.controls {
		labels[i], ids[i] = ctl.Label, ctl.ID
	}
	for _, names := range [][]string{labels, ids} {
		if matches := fuzzy.Find(name, names); len(matches) > 0 {
			return matches[0].Index, true
		}
	}
	return 0, false
}
