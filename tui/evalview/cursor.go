package evalview

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// rowCursor is a cursor over the table's rows and the scroll offset that
// keeps it on screen; its movement keys are the workbench's lists' own
// (the root package's rowCursor and moveKeys).
type rowCursor struct {
	cursor, offset int
}

// move moves the cursor by delta rows among n, then scrolls to it.
func (c *rowCursor) move(delta, height, n int) {
	if n == 0 {
		return
	}
	c.cursor = min(n-1, max(0, c.cursor+delta))
	c.scrollTo(height, n)
}

// selectVisibleRow puts the cursor on the row-th row on screen, or the
// last one when the list ends above it.
func (c *rowCursor) selectVisibleRow(row, n int) {
	if row < 0 || n == 0 {
		return
	}
	c.cursor = max(0, min(n-1, c.offset+row))
}

// scrollTo keeps the cursor within the height visible rows of n.
func (c *rowCursor) scrollTo(height, n int) {
	if height <= 0 {
		return
	}
	if c.cursor < c.offset {
		c.offset = c.cursor
	}
	if c.cursor >= c.offset+height {
		c.offset = c.cursor - height + 1
	}
	c.offset = max(0, min(c.offset, max(0, n-height)))
}

// moveKeys are the table's movement keys.
type moveKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

func newMoveKeys() moveKeys {
	return moveKeys{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+u"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+d"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "bottom")),
	}
}

// navigate moves the cursor for a movement key; false for any other key.
func (c *rowCursor) navigate(msg tea.KeyMsg, k moveKeys, height, n int) bool {
	switch {
	case key.Matches(msg, k.Up):
		c.move(-1, height, n)
	case key.Matches(msg, k.Down):
		c.move(1, height, n)
	case key.Matches(msg, k.PageUp):
		c.move(-height, height, n)
	case key.Matches(msg, k.PageDown):
		c.move(height, height, n)
	case key.Matches(msg, k.Top):
		c.move(-n, height, n)
	case key.Matches(msg, k.Bottom):
		c.move(n, height, n)
	default:
		return false
	}
	return true
}
