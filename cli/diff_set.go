package cli

import (
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/internal/nearname"
	"ctxlab/internal/safetext"
)

// knobSet is one --set NAME=VALUE of diff: a knob of the knob table by
// its flag name, and the value its own parser read.
type knobSet struct {
	knob  *core.Knob
	value core.KnobValue
	// text is the NAME=VALUE given, for the report's label.
	text string
}

// knobSets are diff's --set values, read in the order given.
type knobSets []knobSet

// parseKnobSets reads every --set; the first bad one is the error.
func parseKnobSets(args []string) (knobSets, error) {
	var sets knobSets
	for _, arg := range args {
		s, err := parseKnobSet(arg)
		if err != nil {
			return nil, fmt.Errorf("--set %w", err)
		}
		sets = append(sets, s)
	}
	return sets, nil
}

// label names the settings the sets make: "dedup-threshold=0.7,
// top-k=5".
func (l knobSets) label() string {
	words := make([]string, len(l))
	for i, s := range l {
		words[i] = s.text
	}
	return strings.Join(words, ", ")
}

// parseKnobSet reads NAME=VALUE: NAME a knob's flag name (a leading --
// allowed), VALUE what the knob's own parser and range accept.
func parseKnobSet(arg string) (knobSet, error) {
	name, text, ok := strings.Cut(arg, "=")
	name = strings.TrimPrefix(strings.TrimSpace(name), "--")
	if !ok || name == "" {
		return knobSet{}, fmt.Errorf("%s: expected NAME=VALUE, a setting's flag name and its value, as dedup-threshold=0.7", quoted(safetext.Line(arg)))
	}
	k := knobByFlag(name)
	if k == nil {
		msg := fmt.Sprintf("%s: no setting is named %s", quoted(safetext.Line(arg)), quoted(safetext.Line(name)))
		if near := nearname.Suggest(name, knobFlagNames()); len(near) > 0 {
			msg += "; did you mean " + orList(near) + "?"
		} else {
			msg += " (ctxlab assemble --help lists the settings by their flags)"
		}
		return knobSet{}, fmt.Errorf("%s", msg)
	}
	v, kerr := k.ParseText(text)
	if kerr == nil {
		kerr = k.Check(v)
	}
	if kerr != nil {
		return knobSet{}, fmt.Errorf("%s", safetext.Line(kerr.Named(k.Flag)))
	}
	return knobSet{knob: k, value: v, text: k.Flag + "=" + strings.TrimSpace(text)}, nil
}

// knobByFlag is the knob whose flag is name, or nil.
func knobByFlag(name string) *core.Knob {
	for _, k := range core.Knobs() {
		if k.Flag == name {
			return k
		}
	}
	return nil
}

// knobFlagNames are the knobs' flag names, in the table's order.
func knobFlagNames() []string {
	var names []string
	for _, k := range core.Knobs() {
		names = append(names, k.Flag)
	}
	return names
}

// apply writes the values to s in the order given; a later --set of the
// same knob wins.
func (l knobSets) apply(s *core.Settings, ctx core.KnobContext) error {
	for _, set := range l {
		if err := set.knob.Set(s, set.value, ctx); err != nil {
			return fmt.Errorf("--set %s: %w", safetext.Line(set.text), err)
		}
	}
	return nil
}
