package controls

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"

	"ctxlab/core"
	"ctxlab/core/window"
)

// Strip is the strip of knobs. It renders the settings it is given
// and returns new settings from a key; the root decides what to recompute.
type Strip struct {
	controls  []Control
	selected  int
	editing   bool // a value is being typed into input
	input     textinput.Model
	errText   string // why the last value was refused
	keys      Keys
	inputKeys InputKeys
	// finding is true while a control's name is typed into findInput;
	// beforeFind is the selection to return to on esc.
	finding    bool
	findInput  textinput.Model
	beforeFind int
	// spark is the sweep's sparkline drawn beside control sparkID when it
	// is selected (package tui/sweepview), rendered once per sweep.
	spark, sparkID string
	// inEffect is, by control id, the value the evaluation on screen used
	// instead of the control's (the assembly measured as sent when the
	// budget cannot be applied).
	inEffect map[string]string
}

// New makes the strip; hasDocuments orders it for the input
// (relevantFirst).
func New(presets window.PresetSet, steps []string, initial core.Settings, hasDocuments bool) Strip {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 2000
	in.Cursor.SetMode(cursor.CursorStatic)
	find := textinput.New()
	find.Prompt = ""
	find.CharLimit = 40
	find.Width = 20
	find.Cursor.SetMode(cursor.CursorStatic)
	return Strip{controls: relevantFirst(newControls(presets, steps, initial), hasDocuments), input: in, findInput: find, keys: newKeys(), inputKeys: NewInputKeys()}
}

// Current is the selected control.
func (c *Strip) Current() Control { return c.controls[c.selected] }

func (c *Strip) move(dir int) {
	c.selected = (c.selected + dir + len(c.controls)) % len(c.controls)
	c.errText = ""
}

// SelectID focuses the control with the given id, if any.
func (c *Strip) SelectID(id string) {
	for i, ctl := range c.controls {
		if ctl.ID == id {
			c.selected = i
		}
	}
}

// adjust steps the selected control and returns the new settings.
func (c *Strip) adjust(s core.Settings, dir int) (core.Settings, bool) {
	ctl := c.Current()
	if ctl.step == nil {
		return s, false
	}
	ctl.step(&s, dir)
	c.errText = ""
	return s, true
}

// startEdit opens the text input on the selected control's value, as
// wide as the strip allows so the cursor stays in view while typing.
func (c *Strip) startEdit(s core.Settings, width int) {
	ctl := c.Current()
	c.input.Width = max(10, width-len(ctl.Label)-4)
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
func (c *Strip) commitEdit(s core.Settings) (core.Settings, bool) {
	c.editing = false
	c.input.Blur()
	ctl := c.Current()
	if err := ctl.set(&s, c.input.Value()); err != nil {
		c.errText = err.Error()
		return s, false
	}
	c.errText = ""
	return s, true
}

func (c *Strip) cancelEdit() {
	c.editing = false
	c.input.Blur()
}

// Controls are the strip's controls, in its order.
func (c *Strip) Controls() []Control { return c.controls }

// Select focuses the i-th control of Controls.
func (c *Strip) Select(i int) { c.selected = i }

// Editing reports whether a value is being typed into the selected
// control.
func (c *Strip) Editing() bool { return c.editing }

// Finding reports whether a control's name is being typed to find it.
func (c *Strip) Finding() bool { return c.finding }

// ErrText is why the last value was refused, "" when none was.
func (c *Strip) ErrText() string { return c.errText }

// SetError shows why settings the strip returned were refused.
func (c *Strip) SetError(text string) { c.errText = text }

// Input is the value being typed, as the input holds it.
func (c *Strip) Input() string { return c.input.Value() }

// SetInput replaces the value being typed.
func (c *Strip) SetInput(value string) { c.input.SetValue(value) }

// SetSpark puts a sweep's sparkline beside control id, drawn while it is
// selected; "" for both removes it.
func (c *Strip) SetSpark(spark, id string) { c.spark, c.sparkID = spark, id }

// SetInEffect says the evaluation on screen used value instead of
// control id's own; "" says it used the control's.
func (c *Strip) SetInEffect(id, value string) {
	// A new map: copies of the model share the old one.
	next := make(map[string]string, len(c.inEffect)+1)
	for k, v := range c.inEffect {
		next[k] = v
	}
	if value == "" {
		delete(next, id)
	} else {
		next[id] = value
	}
	c.inEffect = next
}

// Spark is the sparkline drawn beside its control.
func (c *Strip) Spark() string { return c.spark }

// Keys are the strip's keys, for the help.
func (c *Strip) Keys() Keys { return c.keys }

// InputKeys are the keys of a value being typed, for the help.
func (c *Strip) InputKeys() InputKeys { return c.inputKeys }
