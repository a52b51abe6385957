package space

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/tui/cursor"
)

// Model is the view's state: the items of the evaluation on screen
// (core.Evaluation.Space), the order they are sorted by and the cursor.
type Model struct {
	items []core.SpaceItem
	order core.SpaceOrder
	rows  cursor.Rows
	keys  Keys
}

// New is the view with nothing listed, sorted by tokens.
func New() Model {
	return Model{keys: NewKeys()}
}

// Keys drive the view.
type Keys struct {
	cursor.MoveKeys
	Sort, Jump, Back key.Binding
}

// NewKeys are the view's bindings.
func NewKeys() Keys {
	return Keys{
		MoveKeys: cursor.NewMoveKeys(),
		Sort:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort: tokens, order, kind")),
		Jump:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go to the item")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to list")),
	}
}

func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Sort, k.Jump, k.Back}
}

func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Sort, k.Jump, k.Back}}
}

// Keys are the view's bindings, for the footer and the help screen.
func (m Model) Keys() Keys { return m.keys }

// Items are the items in the order shown; Order is that order and
// Cursor the index of the selected one.
func (m Model) Items() []core.SpaceItem { return m.items }
func (m Model) Order() core.SpaceOrder  { return m.order }
func (m Model) Cursor() int             { return m.rows.Cursor }

// Refresh takes a new evaluation's items (Evaluation.Space), keeping the
// cursor on the item it was on when that item is still listed.
func (m *Model) Refresh(items []core.SpaceItem) {
	current, had := m.Selected()
	m.items = items
	core.SortSpace(m.items, m.order)
	m.rows.Cursor = 0
	if had {
		for i, it := range m.items {
			if it.Kind == current.Kind && it.Label == current.Label && it.Source == current.Source {
				m.rows.Cursor = i
				break
			}
		}
	}
}

// Selected is the item under the cursor.
func (m Model) Selected() (core.SpaceItem, bool) {
	if m.rows.Cursor < len(m.items) {
		return m.items[m.rows.Cursor], true
	}
	return core.SpaceItem{}, false
}

// Action is what a key asks the workbench to do.
type Action int

const (
	// Moved: the cursor or the order changed, or the key was not the
	// view's.
	Moved Action = iota
	// Jump asks to show the selected item where it lives.
	Jump
	// Back asks for the document list.
	Back
)

// Update handles a key; height is the number of item rows visible.
func (m Model) Update(msg tea.KeyMsg, height int) (Model, Action) {
	k := m.keys
	switch {
	case m.rows.Navigate(msg, k.MoveKeys, height, len(m.items)):
	case key.Matches(msg, k.Sort):
		m.cycleOrder(height)
	case key.Matches(msg, k.Jump):
		if _, ok := m.Selected(); ok {
			return m, Jump
		}
	case key.Matches(msg, k.Back):
		return m, Back
	}
	return m, Moved
}

// cycleOrder sorts by the next order, the cursor staying on its item.
func (m *Model) cycleOrder(height int) {
	current, had := m.Selected()
	m.order = core.SpaceOrders[(int(m.order)+1)%len(core.SpaceOrders)]
	core.SortSpace(m.items, m.order)
	if had {
		for i, it := range m.items {
			if it.Order == current.Order {
				m.rows.Cursor = i
			}
		}
	}
	m.ScrollTo(height)
}

// Move moves the cursor by delta rows, height of them visible (the
// mouse wheel).
func (m *Model) Move(delta, height int) { m.rows.Move(delta, height, len(m.items)) }

// SelectVisibleRow puts the cursor on the row-th row on screen (a
// click).
func (m *Model) SelectVisibleRow(row int) { m.rows.SelectVisibleRow(row, len(m.items)) }

// ScrollTo keeps the cursor within the height visible rows.
func (m *Model) ScrollTo(height int) { m.rows.ScrollTo(height, len(m.items)) }
