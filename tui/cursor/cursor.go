package cursor

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Rows is the selected row and the first row on screen.
type Rows struct {
	Cursor, Offset int
}

// Move moves the cursor by delta rows among n, then scrolls to it.
func (c *Rows) Move(delta, height, n int) {
	if n == 0 {
		return
	}
	c.Cursor = min(n-1, max(0, c.Cursor+delta))
	c.ScrollTo(height, n)
}

// SelectVisibleRow puts the cursor on the row-th row on screen, or the
// last one when the list ends above it.
func (c *Rows) SelectVisibleRow(row, n int) {
	if row < 0 || n == 0 {
		return
	}
	c.Cursor = max(0, min(n-1, c.Offset+row))
}

// ScrollTo keeps the cursor within the height visible rows of n.
func (c *Rows) ScrollTo(height, n int) {
	if height <= 0 {
		return
	}
	if c.Cursor < c.Offset {
		c.Offset = c.Cursor
	}
	if c.Cursor >= c.Offset+height {
		c.Offset = c.Cursor - height + 1
	}
	c.Offset = max(0, min(c.Offset, max(0, n-height)))
}

// MoveKeys are a list's movement keys.
type MoveKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// NewMoveKeys are the movement keys every list binds.
func NewMoveKeys() MoveKeys {
	return MoveKeys{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+u"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+d"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "bottom")),
	}
}

// Navigate moves the cursor for a movement key; false for any other key.
func (c *Rows) Navigate(msg tea.KeyMsg, k MoveKeys, height, n int) bool {
	switch {
	case key.Matches(msg, k.Up):
		c.Move(-1, height, n)
	case key.Matches(msg, k.Down):
		c.Move(1, height, n)
	case key.Matches(msg, k.PageUp):
		c.Move(-height, height, n)
	case key.Matches(msg, k.PageDown):
		c.Move(height, height, n)
	case key.Matches(msg, k.Top):
		c.Move(-n, height, n)
	case key.Matches(msg, k.Bottom):
		c.Move(n, height, n)
	default:
		return false
	}
	return true
}
