package tui

import (
	"strings"

	"ctxlab/core"
	"ctxlab/internal/safetext"
)

// fileSettings merges the settings of inputs read again with the ones on
// screen: a setting the file changed is taken unless the user turned its
// control by hand, whose value then stays. initial are the settings the
// inputs had when last read, turned the ones on screen, file the ones
// read now. taken and kept list the file's changes, in the knob table's
// order.
func fileSettings(initial, turned, file core.Settings) (merged core.Settings, taken, kept []core.SettingChange) {
	merged = turned
	byHand := map[string]bool{}
	for _, c := range core.SettingsChanges(initial, turned) {
		byHand[c.Knob.ID] = true
	}
	ctx := core.KnobContext{Initial: &file}
	for _, c := range core.SettingsChanges(initial, file) {
		if byHand[c.Knob.ID] {
			kept = append(kept, c)
			continue
		}
		if err := c.Knob.Set(&merged, c.After, ctx); err != nil {
			// A value the table refuses is kept out, as the control's.
			kept = append(kept, c)
			continue
		}
		taken = append(taken, c)
	}
	return merged, taken, kept
}

// settingsWords says what a file's settings did: "settings taken: dedup
// 0.85 → 0.70", and for a control turned by hand, "dedup kept at 0.75 as
// turned by hand (the file says 0.60)"; on is the settings now in effect.
func settingsWords(taken, kept []core.SettingChange, on core.Settings) string {
	var parts []string
	if len(taken) > 0 {
		var changes []string
		for _, c := range taken {
			changes = append(changes, c.Knob.Label+" "+c.Knob.ShowValue(c.Before)+" → "+c.Knob.ShowValue(c.After))
		}
		parts = append(parts, "settings taken: "+strings.Join(changes, ", "))
	}
	for _, c := range kept {
		parts = append(parts, c.Knob.Label+" kept at "+c.Knob.ShowValue(c.Knob.Get(on))+" as turned by hand (the file says "+c.Knob.ShowValue(c.After)+")")
	}
	return safetext.Line(strings.Join(parts, "; "))
}

// loadErrorWords is why the inputs read again do not load, naming the
// file once: the loaders' errors start with the file's name, which the
// status line then does not repeat; a scenario's error that wraps the
// changed file's is cut to the changed file's; and the parser's own tail
// after "input ends inside a value" says nothing more.
func loadErrorWords(names string, err error) string {
	why := "no input"
	if err != nil {
		why = err.Error()
	}
	why = strings.TrimPrefix(why, "--watch: ")
	why = strings.TrimSuffix(why, ": unexpected EOF")
	why = safetext.Line(why)
	for _, n := range strings.Split(names, ", ") {
		if n == "" {
			continue
		}
		if i := strings.LastIndex(why, n+": "); i >= 0 {
			// A scenario's error wraps its documents file's: the file
			// that changed says where, once.
			return "cannot load " + why[i:]
		}
		if strings.Contains(why, n) {
			return "cannot load " + why
		}
	}
	return "cannot load " + names + ": " + why
}
