package evalview

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"

	"ctxlab/core/evalrun"
	"ctxlab/tui/cursor"
)

// Keys drive the per-query table.
type Keys struct {
	cursor.MoveKeys
	Sort, Reverse, Open, Back key.Binding
}

// NewKeys are the view's bindings.
func NewKeys() Keys {
	return Keys{
		MoveKeys: cursor.NewMoveKeys(),
		Sort:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort by the next column")),
		Reverse:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reverse the order")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open the query")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to list")),
	}
}

// ShortHelp are the footer's keys.
func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Sort, k.Reverse, k.Open, k.Back}
}

// FullHelp are the help screen's.
func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Sort, k.Reverse, k.Open, k.Back}}
}

// refresh takes a new run's report, keeping the sort and the cursor on
// the query it was on.
func (m *Model) refresh(rep *evalrun.Report) {
	current, had := m.Selected()
	m.report = rep
	m.order = make([]int, len(rep.Queries))
	for i := range m.order {
		m.order[i] = i
	}
	m.sort()
	m.cur.Cursor = 0
	if had {
		m.selectQuery(current)
	}
}

// sort orders the rows by the chosen column, ties in run order.
func (m *Model) sort() {
	if m.report == nil {
		return
	}
	compare := columns[m.sortBy].compare
	queries := m.report.Queries
	slices.SortStableFunc(m.order, func(a, b int) int {
		c := compare(&queries[a], &queries[b])
		if m.descending {
			c = -c
		}
		if c == 0 {
			return a - b
		}
		return c
	})
}

// Selected is the index in the report of the query under the cursor.
func (m Model) Selected() (int, bool) {
	if m.cur.Cursor < len(m.order) {
		return m.order[m.cur.Cursor], true
	}
	return 0, false
}

// selectQuery puts the cursor on query i of the report.
func (m *Model) selectQuery(i int) {
	for row, q := range m.order {
		if q == i {
			m.cur.Cursor = row
			return
		}
	}
}
