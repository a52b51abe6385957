package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
)

// spacePane is view 6, what takes the space: every component, tool
// definition, message, tool call or result and document of the request,
// ranked, with a cursor, a sort order and a jump to the item.
type spacePane struct {
	items []core.SpaceItem
	order core.SpaceOrder
	rowCursor
	keys spaceKeys
}

// spaceKeys drive the space list.
type spaceKeys struct {
	moveKeys
	Sort, Jump, Back key.Binding
}

func newSpaceKeys() spaceKeys {
	return spaceKeys{
		moveKeys: newMoveKeys(),
		Sort:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort: tokens, order, kind")),
		Jump:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go to the item")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to list")),
	}
}

func (k spaceKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Sort, k.Jump, k.Back}
}

func (k spaceKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Sort, k.Jump, k.Back}}
}

func newSpacePane() spacePane {
	return spacePane{keys: newSpaceKeys()}
}

// refresh takes a new evaluation's items (Evaluation.Space), keeping the
// cursor on the item it was on when that item is still listed.
func (p *spacePane) refresh(items []core.SpaceItem) {
	current, had := p.selected()
	p.items = items
	core.SortSpace(p.items, p.order)
	p.cursor = 0
	if had {
		for i, it := range p.items {
			if it.Kind == current.Kind && it.Label == current.Label && it.Source == current.Source {
				p.cursor = i
				break
			}
		}
	}
}

// selected is the item under the cursor.
func (p spacePane) selected() (core.SpaceItem, bool) {
	if p.cursor < len(p.items) {
		return p.items[p.cursor], true
	}
	return core.SpaceItem{}, false
}

// spaceAction is what a key in the space list asks of the root.
type spaceAction int

const (
	spaceMoved spaceAction = iota // the cursor or the order changed, or nothing
	spaceJump                     // show the item under the cursor where it lives
	spaceBack                     // back to the document list
)

// update handles a key; height is the number of rows visible.
func (p spacePane) update(msg tea.KeyMsg, height int) (spacePane, spaceAction) {
	k := p.keys
	switch {
	case p.navigate(msg, k.moveKeys, height, len(p.items)):
	case key.Matches(msg, k.Sort):
		p.cycleOrder(height)
	case key.Matches(msg, k.Jump):
		if _, ok := p.selected(); ok {
			return p, spaceJump
		}
	case key.Matches(msg, k.Back):
		return p, spaceBack
	}
	return p, spaceMoved
}

// cycleOrder sorts by the next order, the cursor staying on its item.
func (p *spacePane) cycleOrder(height int) {
	current, had := p.selected()
	p.order = core.SpaceOrders[(int(p.order)+1)%len(core.SpaceOrders)]
	core.SortSpace(p.items, p.order)
	if had {
		for i, it := range p.items {
			if it.Order == current.Order {
				p.cursor = i
			}
		}
	}
	p.scrollTo(height)
}

func (p *spacePane) move(delta, height int) { p.rowCursor.move(delta, height, len(p.items)) }

// selectVisibleRow puts the cursor on the row-th row on screen.
func (p *spacePane) selectVisibleRow(row int) { p.rowCursor.selectVisibleRow(row, len(p.items)) }

// scrollTo keeps the cursor within the visible rows.
func (p *spacePane) scrollTo(height int) { p.rowCursor.scrollTo(height, len(p.items)) }
