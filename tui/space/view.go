package space

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/views"
)

// HeaderLines are the lines above the rows: what the shares are of, and
// the column names.
const HeaderLines = 2

// columns are the widths of the list's columns at a width; the label
// takes what is left. A narrow screen drops the share of the max input,
// which differs from the window's by the reserve only.
type columns struct {
	rank, bar, tokens, share, input, kind, label int
}

func columnsFor(width, items int) columns {
	c := columns{rank: len(numfmt.Thousands(max(1, items))), bar: 10, tokens: 7, share: 6, kind: 15}
	if width >= 110 {
		c.bar, c.input = 20, 9
	}
	used := 2 + c.rank + 1 + c.bar + 1 + c.tokens + 1 + c.share + 1 + c.kind + 1
	if c.input > 0 {
		used += c.input + 1
	}
	c.label = max(8, width-used)
	return c
}

// Title is the view's box title, naming the order.
func (m Model) Title() string {
	return fmt.Sprintf("6 Space: what takes it, by %s · s: sort · enter: go to it", m.order)
}

// View draws the view's content, width×height cells inside its box: only
// the rows on screen are rendered, so a request of thousands of messages
// costs no more than a short one. The cursor shows when focused.
func (m Model) View(st *themes.Styles, ev *core.Evaluation, width, height int, focused bool) string {
	if ev == nil || ev.Assembly == nil {
		return st.Muted.Render("computing…")
	}
	a := ev.Assembly
	cols := columnsFor(width, len(m.items))
	largest := 0
	for _, it := range m.items {
		largest = max(largest, it.Tokens)
	}
	count := numfmt.Thousands(len(m.items)) + " " + numfmt.Plural(len(m.items), "item", "items")
	// A document's tokens here are as sent, its citation header
	// included, so they read higher than the list's count of its text.
	summary := fmt.Sprintf("%s · tokens as sent (a document with its citation header) · shares of the %s-token window and the %s max input · bars against the largest, %s tokens",
		count, numfmt.Thousands(a.Window), numfmt.Thousands(a.MaxInput), numfmt.Thousands(largest))
	for _, short := range []string{
		fmt.Sprintf("%s · tokens as sent, headers included · share of the %s-token window · bars against the largest", count, numfmt.Thousands(a.Window)),
		fmt.Sprintf("%s · share of the %s-token window · bars against the largest", count, numfmt.Thousands(a.Window)),
	} {
		if a.MaxInput > 0 && ansi.StringWidth(summary) <= width {
			break
		}
		summary = short
	}
	lines := []string{
		st.Muted.Render(draw.Truncate(summary, width)),
		st.Bold.Render(draw.Truncate(header(cols), width)),
	}
	rows := max(0, height-HeaderLines)
	end := min(len(m.items), m.rows.Offset+rows)
	for i := m.rows.Offset; i < end; i++ {
		lines = append(lines, row(st, cols, m.items[i], i+1, largest, i == m.rows.Cursor && focused))
	}
	if len(m.items) == 0 {
		lines = append(lines, st.Muted.Render("nothing in the request"))
	}
	return strings.Join(lines, "\n")
}

func header(c columns) string {
	head := "  " + draw.PadLeft("#", c.rank) + " " + draw.PadRight("share", c.bar) + " " + draw.PadLeft("tokens", c.tokens) + " " + draw.PadLeft("window", c.share)
	if c.input > 0 {
		head += " " + draw.PadLeft("max input", c.input)
	}
	return head + " " + draw.PadRight("kind", c.kind) + " " + "what"
}

// row is one item: its rank in the current order, a bar of its tokens
// against the largest item's, its tokens and shares, its kind and its
// label, with what its component's cut took from it.
func row(st *themes.Styles, c columns, it core.SpaceItem, rank, largest int, selected bool) string {
	cursor := "  "
	if selected {
		cursor = st.Accent.Render("▸ ")
	}
	label := safetext.Line(name(it, c.label))
	if it.Cut > 0 {
		label += fmt.Sprintf(" (✂ %s cut)", numfmt.Thousands(it.Cut))
	}
	line := cursor + draw.PadLeft(numfmt.Thousands(rank), c.rank) + " " +
		draw.Meter(st, views.ComponentStyle(st, it.Component), it.Tokens, max(1, largest), c.bar) + " " +
		draw.PadLeft(numfmt.Thousands(it.Tokens), c.tokens) + " " + draw.PadLeft(sharePercent(it.ShareOfWindow), c.share)
	if c.input > 0 {
		line += " " + draw.PadLeft(sharePercent(it.ShareOfInput), c.input)
	}
	return line + " " + draw.PadRight(core.SpaceKindWords(it.Kind), c.kind) + " " + draw.Truncate(label, c.label)
}

// sharePercent prints a share with one decimal, and a share too small
// for it as under 0.1% rather than a misleading 0.0%.
func sharePercent(share float64) string {
	if share > 0 && share < 0.001 {
		return "<0.1%"
	}
	return fmt.Sprintf("%.1f%%", share*100)
}

// name is the item's name as far as a row of width cells can show it: a
// document's long source is cut well past where the row truncates it, so
// that each drawing does not copy a source as long as the document into
// its label. The cut is taken only when what is left is wider than the
// row, so the row reads as the whole name's would.
func name(it core.SpaceItem, width int) string {
	const room = 8
	if limit := (max(width, 0) + room) * utf8.UTFMax; len(it.Source) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(it.Source[cut]) {
			cut--
		}
		if prefix := it.Label + " " + it.Source[:cut]; runewidth.StringWidth(safetext.Line(prefix)) > width+room/2 {
			return prefix
		}
	}
	return it.Name()
}
