package core

import (
	"math"

	"ctxlab/core/window"
	"ctxlab/internal/choice"
)

// The constructors below declare a knob of each kind over one field of
// Settings, so a table entry says only what is particular to it.

// intKnob is a whole-number knob over an int field, at least minimum.
func intKnob(k Knob, minimum int, step func(float64) float64, field func(s *Settings) *int) *Knob {
	k.Kind, k.Min, k.Step = KnobInt, float64(minimum), step
	k.Get = func(s Settings) KnobValue { return KnobValue{Int: *field(&s)} }
	k.Set = func(s *Settings, v KnobValue, _ KnobContext) error { *field(s) = v.Int; return nil }
	return &k
}

// boolKnob is an on/off knob over a bool field.
func boolKnob(k Knob, field func(s *Settings) *bool) *Knob {
	k.Kind = KnobBool
	k.Get = func(s Settings) KnobValue { return KnobValue{Bool: *field(&s)} }
	k.Set = func(s *Settings, v KnobValue, _ KnobContext) error { *field(s) = v.Bool; return nil }
	return &k
}

// choiceKnob is a knob over a named type with a fixed list of values;
// the choice's parser's error is the refusal everywhere.
func choiceKnob[T ~string](k Knob, values choice.Choice[T], field func(s *Settings) *T) *Knob {
	k.Kind = KnobChoice
	names := values.Names()
	parse := values.Parse
	k.Choices = func(KnobContext) []string { return names }
	k.Refuse = func(v KnobValue) (string, int) {
		if _, err := parse(v.Text); err != nil {
			return err.Error(), 0
		}
		return "", 0
	}
	k.Get = func(s Settings) KnobValue { return KnobValue{Text: string(*field(&s))} }
	k.Set = func(s *Settings, v KnobValue, _ KnobContext) error {
		parsed, err := parse(v.Text)
		if err == nil {
			*field(s) = parsed
		}
		return err
	}
	return &k
}

// textKnob is free text over a string field.
func textKnob(k Knob, field func(s *Settings) *string) *Knob {
	k.Kind = KnobText
	k.Get = func(s Settings) KnobValue { return KnobValue{Text: *field(&s)} }
	k.Set = func(s *Settings, v KnobValue, _ KnobContext) error { *field(s) = v.Text; return nil }
	return &k
}

// budgetKnob is one allocation of the ContextBudget, stepped by a tenth
// of its magnitude.
func budgetKnob(k Knob, field func(b *window.ContextBudget) *int) *Knob {
	if k.Expect == "" {
		k.Expect = "0 or more tokens"
	}
	kn := intKnob(k, int(k.Min), ScaledStep, func(s *Settings) *int { return field(&s.Budget) })
	if k.ID == "window" || k.ID == "reserve" {
		return kn
	}
	// An allocation set to a value of its own is chosen: the request is
	// then held to its allocations.
	set := kn.Set
	kn.Set = func(s *Settings, v KnobValue, ctx KnobContext) error {
		old := *field(&s.Budget)
		if err := set(s, v, ctx); err != nil {
			return err
		}
		if *field(&s.Budget) != old {
			s.AllocationsAssumed = false
		}
		return nil
	}
	return kn
}

// fixedStep is a constant step.
func fixedStep(n float64) func(float64) float64 { return func(float64) float64 { return n } }

// ScaledStep steps by about a tenth of the value's magnitude (3,000 moves
// by 100, 128,000 by 10,000), so one key press is a visible change at any
// size.
func ScaledStep(v float64) float64 {
	if v < 100 {
		return 10
	}
	return math.Pow10(int(math.Log10(v)) - 1)
}
