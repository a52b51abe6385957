package tui

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/evalrun"
)

// evalPane is the Eval view: a retrieval run's aggregate and its
// per-query table, sortable by any column, with a cursor and a key that
// opens the query under it in the other views.
type evalPane struct {
	report *evalrun.Report
	// order is the queries' indices in the report, as sorted; sortBy is
	// an index into evalColumns.
	order      []int
	sortBy     int
	descending bool
	rowCursor
	keys evalKeys
}

// evalKeys drive the per-query table.
type evalKeys struct {
	moveKeys
	Sort, Reverse, Open, Back key.Binding
}

func newEvalKeys() evalKeys {
	return evalKeys{
		moveKeys: newMoveKeys(),
		Sort:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort by the next column")),
		Reverse:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reverse the order")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open the query")),
		Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to list")),
	}
}

func (k evalKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Sort, k.Reverse, k.Open, k.Back}
}

func (k evalKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Sort, k.Reverse, k.Open, k.Back}}
}

func newEvalPane() evalPane { return evalPane{keys: newEvalKeys()} }

// refresh takes a new run's report, keeping the sort and the cursor on
// the query it was on.
func (p *evalPane) refresh(rep *evalrun.Report) {
	current, had := p.selected()
	p.report = rep
	p.order = make([]int, len(rep.Queries))
	for i := range p.order {
		p.order[i] = i
	}
	p.sort()
	p.cursor = 0
	if had {
		p.selectQuery(current)
	}
}

// sort orders the rows by the chosen column, ties in run order.
func (p *evalPane) sort() {
	if p.report == nil {
		return
	}
	compare := evalColumns[p.sortBy].compare
	queries := p.report.Queries
	slices.SortStableFunc(p.order, func(a, b int) int {
		c := compare(&queries[a], &queries[b])
		if p.descending {
			c = -c
		}
		if c == 0 {
			return a - b
		}
		return c
	})
}

// selected is the index in the report of the query under the cursor.
func (p evalPane) selected() (int, bool) {
	if p.cursor < len(p.order) {
		return p.order[p.cursor], true
	}
	return 0, false
}

// selectQuery puts the cursor on query i of the report.
func (p *evalPane) selectQuery(i int) {
	for row, q := range p.order {
		if q == i {
			p.cursor = row
			return
		}
	}
}

// evalAction is what a key in the Eval view asks of the root.
type evalAction int

const (
	evalMoved evalAction = iota // the cursor or the order changed, or nothing
	evalOpen                    // open the query under the cursor
	evalBack                    // back to the document list
)

// update handles a key; height is the number of rows visible.
func (p evalPane) update(msg tea.KeyMsg, height int) (evalPane, evalAction) {
	k := p.keys
	switch {
	case p.navigate(msg, k.moveKeys, height, len(p.order)):
	case key.Matches(msg, k.Sort), key.Matches(msg, k.Reverse):
		current, had := p.selected()
		if key.Matches(msg, k.Sort) {
			p.sortBy = (p.sortBy + 1) % len(evalColumns)
		} else {
			p.descending = !p.descending
		}
		p.sort()
		if had {
			p.selectQuery(current)
		}
		p.scrollTo(height, len(p.order))
	case key.Matches(msg, k.Open):
		if _, ok := p.selected(); ok {
			return p, evalOpen
		}
	case key.Matches(msg, k.Back):
		return p, evalBack
	}
	return p, evalMoved
}
