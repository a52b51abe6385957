package controls

import (
	"fmt"
	"slices"
	"strings"

	"ctxlab/core"
	"ctxlab/core/window"
)

// Kind says how a control is adjusted and drawn.
type Kind int

const (
	KindNumber Kind = iota // ←/→ step, enter types a number
	KindChoice             // ←/→ cycle
	KindToggle             // space or ←/→ flip
	KindText               // enter types text
)

// Control is one knob. get and set work on a copy of the settings, so a
// control never touches the model; the root applies the result.
type Control struct {
	ID    string
	Label string
	Kind  Kind
	get   func(s core.Settings) string
	// step moves the value by dir (−1 or +1) steps.
	step func(s *core.Settings, dir int)
	// set parses a typed value.
	set func(s *core.Settings, text string) error
	// applies reports whether the control changes anything under the
	// other settings (dedup under the article's builder does not); nil
	// means always. A control that does not apply is drawn dimmed.
	applies func(s core.Settings) bool
	// onlyWith says when it does, for the strip to tell a user who
	// selects it while it does not.
	onlyWith string
}

// AppliesTo reports whether the control changes anything under s.
func (c Control) AppliesTo(s core.Settings) bool { return c.applies == nil || c.applies(s) }

// Get is the control's value under s, as the strip shows it.
func (c Control) Get(s core.Settings) string { return c.get(s) }

// newControls lists a control for every knob of core's table that has
// one, in the table's order, which is the strip's. presets names the
// presets available (built-in plus a budget file's); steps are the
// input's agent steps, whose control appears only when there are some;
// initial are the input's settings, whose budget its own preset returns
// to.
func newControls(presets window.PresetSet, steps []string, initial core.Settings) []Control {
	ctx := core.KnobContext{Presets: presets, Steps: steps, Initial: &initial}
	var controls []Control
	for _, k := range core.Knobs() {
		if k.ID == core.KnobIDAgentStep && len(steps) == 0 {
			continue
		}
		controls = append(controls, knobControl(k, ctx))
	}
	return controls
}

// knobControl is a knob as a control: drawn, stepped and typed as its
// kind says, refused with the knob's own message after the label.
func knobControl(k *core.Knob, ctx core.KnobContext) Control {
	c := Control{ID: k.ID, Label: k.Label, applies: k.Applies, onlyWith: k.AppliesWhen}
	c.get = func(s core.Settings) string { return k.ShowValue(k.Get(s)) }
	c.set = func(s *core.Settings, text string) error {
		if k.ID == core.KnobIDAgentStep && strings.TrimSpace(text) == "—" {
			text = ""
		}
		v, err := k.ParseText(text)
		if err == nil {
			err = k.Check(v)
		}
		if err != nil {
			return fmt.Errorf("%s: %s", k.Label, err.Problem)
		}
		if k.Kind == core.KnobChoice && k.Refuse == nil && k.Choices != nil && !slices.Contains(k.Choices(ctx), v.Text) {
			return fmt.Errorf("%s: %q is not one of %s", k.Label, text, strings.Join(k.Choices(ctx), ", "))
		}
		if err := k.Set(s, v, ctx); err != nil {
			return fmt.Errorf("%s: %w", k.Label, err)
		}
		return nil
	}
	switch k.Kind {
	case core.KnobInt, core.KnobFloat:
		c.Kind = KindNumber
		c.step = k.StepBy
	case core.KnobBool:
		c.Kind = KindToggle
		c.step = func(s *core.Settings, _ int) { _ = k.Set(s, core.KnobValue{Bool: !k.Get(*s).Bool}, ctx) }
	case core.KnobChoice:
		c.Kind = KindChoice
		c.step = func(s *core.Settings, dir int) {
			options := k.Choices(ctx)
			i := max(0, slices.Index(options, k.Get(*s).Text))
			_ = k.Set(s, core.KnobValue{Text: options[(i+dir+len(options))%len(options)]}, ctx)
		}
	default:
		c.Kind = KindText
	}
	return c
}
