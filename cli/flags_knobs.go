package cli

import (
	"fmt"
	"slices"
	"strings"

	"ctxlab/core"
)

// knobFlags are core's knob table as command-line flags: build takes the
// pipeline's (InBuild), assemble and the workbench take every one. Only
// the flags given on the command line are applied, so a scenario's own
// values stand for the rest.
type knobFlags struct {
	values map[string]*knobFlagValue // by knob id
}

// knobFlagValue holds what one flag parsed, in the field of its kind.
type knobFlagValue struct {
	number   int
	fraction float64
	on       bool
	text     string
	list     stringList
}

// register adds a flag for every knob; forBuild keeps the pipeline's
// and those named in also (eval's reranking).
// The defaults are core.DefaultSettings'. In assemble and the workbench a
// flag overrides the input, so its help says the default is the input's
// and names the value a scenario that sets nothing has.
func (kf *knobFlags) register(fs *flagSet, forBuild bool, also ...string) {
	kf.values = map[string]*knobFlagValue{}
	defaults := core.DefaultSettings()
	for _, k := range core.Knobs() {
		if forBuild && !k.InBuild && !slices.Contains(also, k.ID) {
			continue
		}
		v := &knobFlagValue{}
		kf.values[k.ID] = v
		def := k.Get(defaults)
		help := k.Help
		if !forBuild {
			// An imported request brings its own values (its model's
			// window, a preset by use case), so the value named is a
			// scenario's that sets none.
			help += " (default: the input's"
			if shown := k.FormatValue(def); shown != "" {
				help += "; " + shown + " in a scenario that sets none"
			}
			help += ")"
		}
		switch k.Kind {
		case core.KnobInt:
			fs.IntVar(&v.number, k.Flag, def.Int, help)
		case core.KnobFloat:
			fs.Float64Var(&v.fraction, k.Flag, def.Float, help)
		case core.KnobBool:
			fs.BoolVar(&v.on, k.Flag, def.Bool, help)
		case core.KnobList:
			fs.Var(&v.list, k.Flag, help)
		default:
			fs.StringVar(&v.text, k.Flag, def.Text, help)
		}
		if !forBuild {
			fs.hideDefault(k.Flag)
		}
	}
}

// given reports whether the knob's flag was on the command line.
func (kf *knobFlags) given(fs *flagSet, id string) bool {
	k := core.KnobByID(id)
	return k != nil && kf.values[id] != nil && flagWasSet(fs, k.Flag)
}

// value is what the knob's flag parsed.
func (kf *knobFlags) value(k *core.Knob) core.KnobValue {
	v := kf.values[k.ID]
	return core.KnobValue{Int: v.number, Float: v.fraction, Bool: v.on, Text: v.text, List: append([]string(nil), v.list...)}
}

// apply writes every knob whose flag was given to s, in the table's order
// (a preset before the allocations that override it, a model before the
// window that overrides its own), each checked by the table. skip names
// knobs the caller applies itself.
func (kf *knobFlags) apply(fs *flagSet, s *core.Settings, ctx core.KnobContext, skip func(k *core.Knob) bool) error {
	// A model picks its own tokenizer; a --tokenizer given beside it
	// counts instead (an estimate, which the evaluation notes), so it is
	// applied after the model whatever the table's order.
	tokenizerLast := kf.given(fs, core.KnobIDModel) && kf.given(fs, core.KnobIDTokenizer)
	var order []*core.Knob
	for _, k := range core.Knobs() {
		if !kf.given(fs, k.ID) || (skip != nil && skip(k)) || (tokenizerLast && k.ID == core.KnobIDTokenizer) {
			continue
		}
		order = append(order, k)
	}
	if tokenizerLast {
		order = append(order, core.KnobByID(core.KnobIDTokenizer))
	}
	for _, k := range order {
		v := kf.value(k)
		if err := k.Check(v); err != nil {
			return fmt.Errorf("%s", err.Named("--"+k.Flag))
		}
		if err := k.Set(s, v, ctx); err != nil {
			return fmt.Errorf("--%s: %w", k.Flag, err)
		}
	}
	// A reserve and a window given together that leave no room for input
	// contradict each other: refused naming both, rather than reported as
	// a request over a max input of 0. A window given alone below the
	// request's or preset's reserve is a small model's, measured as the
	// overflow it is (window.ReserveOverflowError).
	if kf.given(fs, "window") && kf.given(fs, "reserve") {
		if err := core.ReserveLeavesRoom(s.Budget); err != nil {
			return err
		}
	}
	return nil
}

// allocationGiven reports whether a component allocation flag was given.
// The window and the reserve change no allocation, only the max input, so
// they do not ask for a budgeted assembly of an imported request.
func (kf *knobFlags) allocationGiven(fs *flagSet) bool {
	for _, k := range core.Knobs() {
		if strings.HasPrefix(k.Key, "budget.") && k.ID != "window" && k.ID != "reserve" && kf.given(fs, k.ID) {
			return true
		}
	}
	return false
}

// intGiven is an int knob's flag value when given, else 0.
func (kf *knobFlags) intGiven(fs *flagSet, id string) int {
	if !kf.given(fs, id) {
		return 0
	}
	return kf.values[id].number
}

// textGiven is a text knob's flag value when given, else "".
func (kf *knobFlags) textGiven(fs *flagSet, id string) string {
	if !kf.given(fs, id) {
		return ""
	}
	return kf.values[id].text
}
