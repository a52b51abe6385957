package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"

	"ctxlab/core"
	"ctxlab/core/window"
)

// controlsPane is the strip of knobs. It renders the settings it is given
// and returns new settings from a key; the root decides what to recompute.
type controlsPane struct {
	controls  []control
	selected  int
	editing   bool // a value is being typed into input
	input     textinput.Model
	errText   string // why the last value was refused
	keys      controlKeys
	inputKeys inputKeys
	// finding is true while a control's name is typed into findInput;
	// beforeFind is the selection to return to on esc.
	finding    bool
	findInput  textinput.Model
	beforeFind int
	// spark is the sweep's sparkline drawn beside control sparkID when it
	// is selected (tui/sweep.go), rendered once per sweep.
	spark, sparkID string
}

// newControlsPane makes the strip; hasDocuments orders it for the input
// (relevantFirst).
func newControlsPane(presets window.PresetSet, steps []string, initial core.Settings, hasDocuments bool) controlsPane {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 2000
	in.Cursor.SetMode(cursor.CursorStatic)
	find := textinput.New()
	find.Prompt = ""
	find.CharLimit = 40
	find.Width = 20
	find.Cursor.SetMode(cursor.CursorStatic)
	return controlsPane{controls: relevantFirst(newControls(presets, steps, initial), hasDocuments), input: in, findInput: find, keys: newControlKeys(), inputKeys: newInputKeys()}
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
