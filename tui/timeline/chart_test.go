package timeline

import (
	"testing"

	"ctxlab/core/trajectory"
)

// Columns: a few turns get wide bars with a gap, many share a column,
// and every turn falls in the column that covers it.
func TestLayoutColumns(t *testing.T) {
	for _, c := range []struct{ n, avail, per, cols, colW, barW int }{
		{2, 72, 1, 2, maxColumnWidth, maxColumnWidth - 1},
		{30, 72, 1, 30, 2, 2},
		{72, 72, 1, 72, 1, 1},
		{2000, 72, 28, 72, 1, 1},
		{2000, 192, 11, 182, 1, 1},
	} {
		g := layoutColumns(c.n, c.avail)
		if g.per != c.per || g.cols != c.cols || g.colW != c.colW || g.barW != c.barW {
			t.Errorf("%d turns in %d cells: %+v", c.n, c.avail, g)
		}
		if g.cols*g.colW > c.avail {
			t.Errorf("%d turns in %d cells take %d", c.n, c.avail, g.cols*g.colW)
		}
		for i := range c.n {
			if from, to := g.span(g.column(i)); i < from || i >= to {
				t.Fatalf("%d turns: turn %d is not in its column's span [%d, %d)", c.n, i, from, to)
			}
		}
	}
}

// A bar stacks the request's parts in the order it sends them, then the
// reserve and what was removed; the cached prefix is marked where it
// ends, and not on a bar too short to spare a row.
func TestFillColumn(t *testing.T) {
	tr := trajectory.TurnResult{InputTokens: 600, CachedTokens: 400, RemovedTokens: 200,
		Parts: trajectory.Parts{Fixed: 100, System: 100, History: 200, Query: 100, ToolResults: 100}}
	col := make([]cell, 10)
	fillColumn(col, tr, 100, 100)
	want := []cell{cellTools, cellSystem, cellHistory, cellCached, cellQuery, cellToolResults, cellReserve, cellRemoved, cellRemoved, cellEmpty}
	for r := range col {
		if col[r] != want[r] {
			t.Fatalf("row %d: %d, want %d (%v)", r, col[r], want[r], col)
		}
	}
	short := make([]cell, 10)
	tiny := trajectory.TurnResult{InputTokens: 150, CachedTokens: 100, Parts: trajectory.Parts{Fixed: 100, Query: 50}}
	fillColumn(short, tiny, 0, 1000) // under half a row
	if short[0] != cellTools || short[1] != cellEmpty {
		t.Fatalf("a bar under half a row: %v", short)
	}
}

func TestShareGlyph(t *testing.T) {
	for _, c := range []struct {
		cached, input int
		want          string
	}{{0, 100, " "}, {1, 100, "▁"}, {50, 100, "▄"}, {99, 100, "█"}, {100, 100, "█"}, {5, 0, " "}} {
		if got := shareGlyph(c.cached, c.input); got != c.want {
			t.Errorf("%d of %d: %q, want %q", c.cached, c.input, got, c.want)
		}
	}
}
