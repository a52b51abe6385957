package space

import (
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// TestSpaceRowOfALongSourceAsWhole: a document's row reads as the row
// of its whole name would, cut or not, at every width, for sources of
// wide, zero-width, control and plain characters; the name drawn is cut
// near the row's width rather than copied whole.
func TestSpaceRowOfALongSourceAsWhole(t *testing.T) {
	st := themes.New(themes.Mono)
	for _, unit := range []string{"a", "漢", "e\u0301", "\u200d", "\x1b[2J", "ab\tc", "🙂"} {
		for _, n := range []int{1, 40, 5000} {
			source := "kb/" + strings.Repeat(unit, n)
			for _, width := range []int{40, 100, 160, 300} {
				for _, cut := range []int{0, 12} {
					it := core.SpaceItem{Kind: window.ItemDocument, Label: "#3", Source: source, Component: window.ComponentRAG, Tokens: 40, Cut: cut}
					c := columnsFor(width, 9)
					got := row(st, c, it, 2, 100, false)
					whole := it
					whole.Label, whole.Source = it.Name(), ""
					if want := row(st, c, whole, 2, 100, false); got != want {
						t.Errorf("%q×%d at %d: %q, want %q", unit, n, width, got, want)
					}
					if name := name(it, c.label); n == 5000 && len(safetext.Line(name)) >= len(source) && unit != "\u200d" {
						t.Errorf("%q×%d at %d: the name drawn is %d bytes, the source %d", unit, n, width, len(name), len(source))
					}
				}
			}
		}
	}
}
