package controls

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/quoted"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// RowsNeeded is how many rows the controls take at width, none of them
// selected (a selected one is drawn no wider in colour; in mono its
// marks can take one more row, which the strip then scrolls). Styling
// adds no cells, so the plain text is measured: this runs on every
// layout.
func (c *Strip) RowsNeeded(s core.Settings, width int) int {
	rows, lineW := 1, 0
	for _, ctl := range c.controls {
		w := ansi.StringWidth(itemText(ctl, s, width, c.inEffect[ctl.ID]))
		if lineW > 0 && lineW+2+w > width {
			rows++
			lineW = 0
		}
		if lineW > 0 {
			lineW += 2
		}
		lineW += w
	}
	return rows
}

// View draws the controls as a flow of "label ◂value▸" items wrapped to
// width, scrolled so the selected control is visible within height lines.
func (c *Strip) View(st *themes.Styles, s core.Settings, width, height int, focused bool) string {
	type item struct {
		text string
		w    int
	}
	items := make([]item, len(c.controls))
	for i, ctl := range c.controls {
		items[i].text = c.renderItem(st, ctl, s, i == c.selected && focused, width)
		items[i].w = lipgloss.Width(items[i].text)
	}
	// flow wraps the items into lines, the line hinted (the last shown,
	// which a "↓ N more rows" hint ends) narrower by the hint's room, so
	// the hint never cuts the control under it.
	hintRoom := lipgloss.Width("↑↓ 99 more rows") + 2
	// flow wraps items[from:] into lines of item ranges, the first line
	// firstW wide and the others width.
	type span struct{ from, to int }
	flow := func(from, firstW int) []span {
		var out []span
		cur, lineW, w := span{from, from}, 0, firstW
		for i := from; i < len(items); i++ {
			if lineW > 0 && lineW+2+items[i].w > w {
				out = append(out, cur)
				cur, lineW, w = span{i, i}, 0, width
			}
			if lineW > 0 {
				lineW += 2
			}
			lineW += items[i].w
			cur.to = i + 1
		}
		return append(out, cur)
	}
	lineOf := func(spans []span, item int) int {
		for n, sp := range spans {
			if item >= sp.from && item < sp.to {
				return n
			}
		}
		return 0
	}
	rows := height
	var errLine string
	switch cur := c.Current(); {
	case c.finding && focused:
		// The name typed takes the last row; the selection follows it.
		errLine = st.ControlFocused.Render(" find a control: ") + c.findInput.View() + st.Muted.Render("  enter keeps "+cur.Label+" · esc goes back")
		rows = max(1, height-1)
	case c.errText != "" && focused:
		// The reason takes the last row; the selected control stays in view.
		errLine = st.Alert.Render(" " + draw.Truncate(safetext.Line(c.errText), width-2) + " ")
		rows = max(1, height-1)
	case focused && !cur.AppliesTo(s) && height > 1:
		errLine = st.Muted.Render(" " + draw.Truncate(cur.Label+" has no effect now: it applies with "+cur.onlyWith, width-2))
		rows = height - 1
	}
	spans := flow(0, width)
	selectedLine := lineOf(spans, c.selected)
	start := 0
	if len(spans) > rows {
		// A "↓ N more rows" hint ends the last row shown: that row and
		// those after it flow again, narrower by the hint's room, so the
		// hint never cuts a control. The rows before stay as they are;
		// when the selected control is pushed past the window, the window
		// moves down one row and its new last row flows again.
		start = max(0, selectedLine-rows+1)
		for range items {
			last := start + rows - 1
			spans = append(spans[:last], flow(spans[last].from, width-hintRoom)...)
			selectedLine = lineOf(spans, c.selected)
			if selectedLine <= last {
				break
			}
			start++
		}
	}
	lines := make([]string, len(spans))
	for n, sp := range spans {
		parts := make([]string, 0, sp.to-sp.from)
		for _, it := range items[sp.from:sp.to] {
			parts = append(parts, it.text)
		}
		lines[n] = strings.Join(parts, "  ")
	}
	end := min(len(lines), start+rows)
	out := append([]string(nil), lines[start:end]...)
	// Say that more controls exist above or below, with the keys to reach
	// them, so none is undiscoverable.
	hint := ""
	switch {
	case start > 0 && end < len(lines):
		hint = "↑↓ more"
	case end < len(lines):
		hint = "↓ " + numfmt.Plural(len(lines)-end, "1 more row", fmt.Sprintf("%s more rows", numfmt.Thousands(len(lines)-end)))
	case start > 0:
		hint = "↑ more"
	}
	if hint != "" && len(out) > 0 {
		last := len(out) - 1
		room := width - lipgloss.Width(hint) - 2
		out[last] = draw.PadRight(out[last], room) + "  " + st.Muted.Render(hint)
	}
	if errLine != "" {
		out = append(out, errLine)
	}
	for len(out) < height {
		out = append(out, "")
	}
	return strings.Join(out, "\n")
}

// noEffectWords follow a control that has no effect, from
// noEffectWidth columns: the dash alone is explained only in the legend.
const (
	noEffectWords = " (no effect now)"
	noEffectWidth = 140
)

// itemText is a control as text, before styling: "label ◂value▸", a
// toggle's dot, a text value in quotes; a leading dash when it has no
// effect under s, in every theme (dimming does not survive NO_COLOR, and
// in some palettes it is hard to see), and the words saying so when the
// strip is width wide enough. inEffect, when not empty, is the value the
// evaluation used instead of the control's: "(measure in effect)".
func itemText(ctl Control, s core.Settings, width int, inEffect string) string {
	// A text control's value may be as long as the input it came from
	// (a 50 MB query): only its start is shown, so only that is made
	// safe (quoted.Name keeps its start and end).
	value := safetext.Line(quoted.Name(ctl.get(s)))
	var shown string
	switch ctl.Kind {
	case KindToggle:
		glyph := "○"
		if value == "on" {
			glyph = "●"
		}
		shown = ctl.Label + " " + glyph
	case KindText:
		// Text is typed, not cycled: quotes and a pencil, not arrows.
		shown = ctl.Label + " “" + draw.Truncate(value, 28) + "” ✎"
	default:
		shown = ctl.Label + " ◂" + value + "▸"
	}
	if inEffect != "" {
		shown += " (" + safetext.Line(inEffect) + " in effect)"
	}
	if !ctl.AppliesTo(s) {
		shown = "–" + shown
		if width >= noEffectWidth {
			shown += noEffectWords
		}
	}
	return shown
}

func (c *Strip) renderItem(st *themes.Styles, ctl Control, s core.Settings, selected bool, width int) string {
	if selected && c.editing {
		return st.ControlFocused.Render(ctl.Label+" ") + c.input.View()
	}
	shown := itemText(ctl, s, width, c.inEffect[ctl.ID])
	applies := ctl.AppliesTo(s)
	if selected {
		spark := ""
		if ctl.ID == c.sparkID && c.spark != "" {
			spark = " " + c.spark
		}
		if st.Mono {
			// Without colour the focus needs a glyph of its own.
			return "▶" + shown + "◀" + spark
		}
		return st.ControlFocused.Render(shown) + spark
	}
	if !applies {
		return st.Faint.Render(shown)
	}
	return st.ControlLabel.Render(ctl.Label+" ") + st.ControlValue.Render(strings.TrimPrefix(shown, ctl.Label+" "))
}
