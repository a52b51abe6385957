package core

import (
	"strconv"
	"strings"

	"ctxlab/internal/numfmt"
)

// SettingChange is one knob whose value differs between two settings.
type SettingChange struct {
	Knob          *Knob
	Before, After KnobValue
}

// SettingsChanges lists the knobs whose values differ from baseline to
// current, in the knob table's order, so a comparison can say what was
// turned as well as what it did.
func SettingsChanges(baseline, current Settings) []SettingChange {
	var changes []SettingChange
	for _, k := range Knobs() {
		before, after := k.Get(baseline), k.Get(current)
		if k.FormatValue(before) != k.FormatValue(after) {
			changes = append(changes, SettingChange{Knob: k, Before: before, After: after})
		}
	}
	return changes
}

// ShowValue is a value as a reader sees it: whole numbers with thousands
// separators, toggles on/off, an empty choice or text as "—".
func (k *Knob) ShowValue(v KnobValue) string {
	switch k.Kind {
	case KnobInt:
		return numfmt.Thousands(v.Int)
	case KnobFloat:
		return strconv.FormatFloat(v.Float, 'f', k.Decimals, 64)
	case KnobBool:
		if v.Bool {
			return "on"
		}
		return "off"
	case KnobList:
		return strings.Join(v.List, " ; ")
	}
	if v.Text == "" {
		return "—"
	}
	return v.Text
}
