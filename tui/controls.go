package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// controlsPane is the strip of knobs. It renders the settings it is given
// and returns new settings from a key; the root decides what to recompute.
type controlsPane struct {
	controls []control
	selected int
	editing  bool
	input    textinput.Model
	errText  string
}

func newControlsPane(presets core.PresetSet, steps []string, initial core.Settings) controlsPane {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 2000
	in.Cursor.SetMode(cursor.CursorStatic)
	return controlsPane{controls: newControls(presets, steps, initial), input: in}
}

func (c *controlsPane) current() control { return c.controls[c.selected] }

func (c *controlsPane) move(dir int) {
	c.selected = (c.selected + dir + len(c.controls)) % len(c.controls)
	c.errText = ""
}

// selectID focuses the control with the given id, if any.
func (c *controlsPane) selectID(id string) {
	for i, ctl := range c.controls {
		if ctl.id == id {
			c.selected = i
		}
	}
}

// adjust steps the selected control and returns the new settings.
func (c *controlsPane) adjust(s core.Settings, dir int) (core.Settings, bool) {
	ctl := c.current()
	if ctl.step == nil {
		return s, false
	}
	ctl.step(&s, dir)
	c.errText = ""
	return s, true
}

// startEdit opens the text input on the selected control's value, as
// wide as the strip allows so the cursor stays in view while typing.
func (c *controlsPane) startEdit(s core.Settings, width int) {
	ctl := c.current()
	c.input.Width = max(10, width-len(ctl.label)-4)
	value := ctl.get(s)
	if value == "—" {
		value = ""
	}
	c.input.SetValue(strings.ReplaceAll(value, ",", ""))
	c.input.CursorEnd()
	c.input.Focus()
	c.editing = true
	c.errText = ""
}

// commitEdit applies the typed value; ok is false when it did not parse,
// and the reason is shown in the strip.
func (c *controlsPane) commitEdit(s core.Settings) (core.Settings, bool) {
	c.editing = false
	c.input.Blur()
	ctl := c.current()
	if err := ctl.set(&s, c.input.Value()); err != nil {
		c.errText = err.Error()
		return s, false
	}
	c.errText = ""
	return s, true
}

func (c *controlsPane) cancelEdit() {
	c.editing = false
	c.input.Blur()
}

// view draws the controls as a flow of "label ◂value▸" items wrapped to
// width, scrolled so the selected control is visible within height lines.
func (c *controlsPane) view(st *themes.Styles, s core.Settings, width, height int, focused bool) string {
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
	flow := func(hinted int) (lines []string, selectedLine int) {
		var line strings.Builder
		lineW := 0
		for i, it := range items {
			w := width
			if len(lines) == hinted {
				w -= hintRoom
			}
			if lineW > 0 && lineW+2+it.w > w {
				lines = append(lines, line.String())
				line.Reset()
				lineW = 0
			}
			if lineW > 0 {
				line.WriteString("  ")
				lineW += 2
			}
			if i == c.selected {
				selectedLine = len(lines)
			}
			line.WriteString(it.text)
			lineW += it.w
		}
		return append(lines, line.String()), selectedLine
	}
	rows := height
	var errLine string
	switch cur := c.current(); {
	case c.errText != "" && focused:
		// The reason takes the last row; the selected control stays in view.
		errLine = st.Alert.Render(" " + truncateText(safetext.Line(c.errText), width-2) + " ")
		rows = max(1, height-1)
	case focused && !cur.appliesTo(s) && height > 1:
		errLine = st.Muted.Render(" " + truncateText(cur.label+" has no effect now: it applies with "+cur.onlyWith, width-2))
		rows = height - 1
	}
	lines, selectedLine := flow(-1)
	start := 0
	// Narrowing the last line shown can push the selected control onto
	// the next one, which moves the window: settle in a few rounds.
	// The window only moves down, so it cannot swing between two flows.
	for round := 0; round < 3 && len(lines) > rows; round++ {
		start = max(start, selectedLine-rows+1)
		hinted := start + rows - 1
		lines, selectedLine = flow(hinted)
		if selectedLine <= hinted {
			break
		}
	}
	start = min(max(start, selectedLine-rows+1), selectedLine)
	if len(lines) <= rows {
		start = 0
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
		hint = "↓ " + plural(len(lines)-end, "1 more row", fmt.Sprintf("%d more rows", len(lines)-end))
	case start > 0:
		hint = "↑ more"
	}
	if hint != "" && len(out) > 0 {
		last := len(out) - 1
		room := width - lipgloss.Width(hint) - 2
		out[last] = padRight(out[last], room) + "  " + st.Muted.Render(hint)
	}
	if errLine != "" {
		out = append(out, errLine)
	}
	for len(out) < height {
		out = append(out, "")
	}
	return strings.Join(out, "\n")
}

func (c *controlsPane) renderItem(st *themes.Styles, ctl control, s core.Settings, selected bool, width int) string {
	if selected && c.editing {
		return st.ControlFocused.Render(ctl.label+" ") + c.input.View()
	}
	value := safetext.Line(ctl.get(s))
	var shown string
	switch ctl.kind {
	case kindToggle:
		glyph := "○"
		if value == "on" {
			glyph = "●"
		}
		shown = ctl.label + " " + glyph
	case kindText:
		// Text is typed, not cycled: quotes and a pencil, not arrows.
		shown = ctl.label + " “" + truncateText(value, 28) + "” ✎"
	default:
		shown = ctl.label + " ◂" + value + "▸"
	}
	applies := ctl.appliesTo(s)
	if !applies && st.Mono {
		// Dimming does not survive NO_COLOR: a dash says "no effect".
		shown = "–" + shown
	}
	if selected {
		if st.Mono {
			// Without colour the focus needs a glyph of its own.
			return "▶" + shown + "◀"
		}
		return st.ControlFocused.Render(shown)
	}
	if !applies {
		return st.Faint.Render(shown)
	}
	return st.ControlLabel.Render(ctl.label+" ") + st.ControlValue.Render(strings.TrimPrefix(shown, ctl.label+" "))
}
