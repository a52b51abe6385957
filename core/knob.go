package core

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"ctxlab/core/window"
)

// KnobKind says what values a knob takes, and so how a flag, a YAML value
// and a workbench control read it.
type KnobKind int

const (
	KnobInt    KnobKind = iota // a whole number in [Min, Max]
	KnobFloat                  // a number in [Min, Max]
	KnobBool                   // on or off
	KnobChoice                 // one of a fixed list of names
	KnobText                   // free text
	KnobList                   // a list of texts (a repeatable flag)
)

// KnobValue holds a knob's value in the field of its kind.
type KnobValue struct {
	Int   int
	Float float64
	Bool  bool
	// Text is a choice's name or a text knob's value.
	Text string
	List []string
}

// Number returns a number knob's value as a float, for ranges and steps.
func (v KnobValue) Number(kind KnobKind) float64 {
	if kind == KnobInt {
		return float64(v.Int)
	}
	return v.Float
}

// KnobContext is what a few knobs need beyond the settings: the presets a
// preset name may name (built-ins plus a budget file's), the input's agent
// steps, and the input's own settings, whose budget its preset returns to.
type KnobContext struct {
	Presets window.PresetSet
	Steps   []string
	Initial *Settings
}

// Knob is one setting, declared once: how the CLI, a scenario file and
// the workbench name it, what values it takes, how it is read from and
// written to Settings, and when it has an effect.
type Knob struct {
	// ID is the workbench control's id; Label its label in the strip.
	ID, Label string
	// Flag is the command-line flag, without dashes.
	Flag string
	// Key is the scenario file's key path ("pipeline.dedup_threshold").
	Key string
	// AltKeys are other keys a hand-written scenario may use for it,
	// read after Key so they win ("window" beside budget.total_window).
	AltKeys []string
	// Help is the flag's help text.
	Help string
	Kind KnobKind
	// Min bounds a number knob from below; Max from above when Bounded.
	Min, Max float64
	Bounded  bool
	// Expect says what an allowed value is, after a refusal.
	Expect string
	// Decimals is how many a float knob is shown and stepped with.
	Decimals int
	// Step is a number knob's step at its current value.
	Step func(v float64) float64
	// Choices lists a choice knob's values.
	Choices func(ctx KnobContext) []string
	// Refuse returns why a value the kind accepts is still not allowed
	// ("" when it is): an unknown choice, a pattern that does not compile.
	// Item is the 1-based list item at fault, 0 for the whole value.
	Refuse func(v KnobValue) (problem string, item int)
	Get    func(s Settings) KnobValue
	// Set writes a value that passed Check; it may refuse what depends
	// on the context (an unknown preset, a model ctxlab does not know).
	Set func(s *Settings, v KnobValue, ctx KnobContext) error
	// Applies reports whether the knob changes anything under the other
	// settings; nil means always. AppliesWhen says when it does.
	Applies     func(s Settings) bool
	AppliesWhen string
	// InBuild: `ctxlab build` takes the flag too (the pipeline's knobs).
	InBuild bool
	// FilterRule, when set, is the knob as a rule of the pipeline's
	// filter in build's report ("minimum 5 tokens"), "" when under s it
	// removes nothing.
	FilterRule func(s Settings) string
	// Sweep, when set, says how `ctxlab sweep` and the workbench's
	// sparkline vary the knob: the pipeline option and its values.
	Sweep *KnobSweep
}

// KnobError is a value a knob refuses. Every surface words it the same
// and names the knob its own way: "--dedup-threshold 1.5 is outside
// [0, 1]", "file:2: pipeline.dedup_threshold 1.5 is outside [0, 1]",
// "dedup: 1.5 is outside [0, 1]".
type KnobError struct {
	Knob    *Knob
	Problem string
	// Item is the 1-based list item at fault, 0 for the whole value.
	Item int
	// valueFirst: the problem starts with the value, so the name is
	// followed by a space, not a colon.
	valueFirst bool
	// With, in the refusal of two values that cannot both be given, is
	// the second; Value is then the first, the one Item points at, and
	// Problem what is wrong with the pair.
	With  *KnobValueAt
	Value string
}

// KnobValueAt is one value given to a knob: an item of its list (Item
// from 1) or, with Item 0, the whole value.
type KnobValueAt struct {
	Knob  *Knob
	Item  int
	Value string
}

// Named spells the error after name: a flag, a YAML key or a label.
func (e *KnobError) Named(name string) string {
	if e.With != nil {
		return e.namedPair(name)
	}
	if e.valueFirst {
		return name + " " + e.Problem
	}
	return name + ": " + e.Problem
}

func (e *KnobError) Error() string {
	if e.With != nil {
		return e.Named("--" + e.Knob.Flag)
	}
	return e.Named(e.Knob.Flag)
}

// namedPair names both values of a refused pair the way name names the
// first knob: a flag ("--drop-item tool_result:2 and --truncate-item
// tool_result:2=50 ...") or a scenario key, each list item by its place
// ("edits.drop[1] tool_result:2 and edits.truncate[1] ...").
func (e *KnobError) namedPair(name string) string {
	first, second := name, "--"+e.With.Knob.Flag
	if !strings.HasPrefix(name, "--") {
		first, second = keyItem(name, e.Item), keyItem(e.With.Knob.Key, e.With.Item)
	}
	return first + " " + e.Value + " and " + second + " " + e.With.Value + " " + e.Problem
}

// keyItem is a scenario key with a list item's place: "edits.drop[2]".
func keyItem(key string, item int) string {
	if item == 0 || strings.HasSuffix(key, "]") {
		return key
	}
	return key + "[" + strconv.Itoa(item) + "]"
}

// optionError is the error as the option its flag names, the form
// Settings.Validate returns.
func (e *KnobError) optionError() *OptionError {
	if e.With != nil {
		return &OptionError{Option: e.Knob.Flag, Problem: strings.TrimPrefix(e.Error(), "--"+e.Knob.Flag+" "), Knob: e}
	}
	return &OptionError{Option: e.Knob.Flag, Problem: e.Problem, Knob: e}
}

// isPipeline: the knob is one of the reference pipeline's Options.
func (k *Knob) isPipeline() bool { return k.InBuild && strings.HasPrefix(k.Key, "pipeline.") }

// Check reports a value outside the knob's range, or nil.
func (k *Knob) Check(v KnobValue) *KnobError {
	if k.Kind == KnobInt || k.Kind == KnobFloat {
		if problem := k.rangeProblem(v.Number(k.Kind), k.FormatValue(v)); problem != "" {
			return &KnobError{Knob: k, Problem: problem, valueFirst: true}
		}
	}
	if k.Refuse != nil {
		if problem, item := k.Refuse(v); problem != "" {
			return &KnobError{Knob: k, Problem: problem, Item: item, valueFirst: k.Kind == KnobList}
		}
	}
	return nil
}

// rangeProblem says why n is outside the knob's range, "" when it is
// not; shown is n as the user gave it (an int past 2^53 is not exact as
// a float).
func (k *Knob) rangeProblem(n float64, shown string) string {
	var problem string
	switch {
	case k.Kind == KnobFloat && math.IsInf(n, 0):
		problem = shown + " is not a finite number"
	case math.IsNaN(n):
		problem = shown + " is not a number"
	case k.Bounded && (n < k.Min || n > k.Max):
		problem = fmt.Sprintf("%s is outside [%s, %s]", shown, k.FormatNumber(k.Min), k.FormatNumber(k.Max))
	case n < k.Min && k.Min == 0:
		problem = shown + " is negative"
	case n < k.Min:
		problem = fmt.Sprintf("%s is below %s", shown, k.FormatNumber(k.Min))
	default:
		return ""
	}
	if k.Expect != "" {
		problem += "; expected " + k.Expect
	}
	return problem
}

// FormatNumber writes a number of this knob as Go's %v does, so 0.85 is
// 0.85 and 1 is 1.
func (k *Knob) FormatNumber(n float64) string {
	if k.Kind == KnobInt && inIntRange(n) {
		return strconv.Itoa(int(n))
	}
	return strconv.FormatFloat(n, 'g', -1, 64)
}

// inIntRange reports whether n converts to an int without overflow:
// float64(math.MaxInt64) is 2^63, one past it.
func inIntRange(n float64) bool { return n >= math.MinInt64 && n < math.MaxInt64 }

// StepBy moves a number knob by dir steps, clamped to its range, as the
// workbench's arrow keys do. A float lands on its decimals, so repeated
// steps of 0.05 do not drift.
func (k *Knob) StepBy(s *Settings, dir int) {
	v := k.Get(*s)
	n := v.Number(k.Kind) + float64(dir)*k.Step(v.Number(k.Kind))
	if k.Kind == KnobFloat {
		scale := math.Pow10(k.Decimals)
		n = math.Round(n*scale) / scale
	}
	n = max(k.Min, n)
	if k.Bounded {
		n = min(k.Max, n)
	}
	if k.Kind == KnobInt && n >= math.MaxInt64 {
		return // a step past what an int holds leaves the value alone
	}
	if k.Kind == KnobInt {
		v.Int = int(n)
	} else {
		v.Float = n
	}
	_ = k.Set(s, v, KnobContext{})
}

// ParseText reads a typed value of the knob's kind: the workbench's text
// input. Thousands separators are allowed in whole numbers.
func (k *Knob) ParseText(text string) (KnobValue, *KnobError) {
	trimmed := strings.TrimSpace(text)
	bad := func(format string) (KnobValue, *KnobError) {
		return KnobValue{}, &KnobError{Knob: k, Problem: fmt.Sprintf(format, text), valueFirst: true}
	}
	switch k.Kind {
	case KnobInt:
		n, err := strconv.Atoi(strings.ReplaceAll(trimmed, ",", ""))
		if errors.Is(err, strconv.ErrRange) {
			return bad("%q is too large a number")
		}
		if err != nil {
			return bad("%q is not a whole number")
		}
		return KnobValue{Int: n}, nil
	case KnobFloat:
		n, err := strconv.ParseFloat(trimmed, 64)
		if err != nil {
			return bad("%q is not a number")
		}
		return KnobValue{Float: n}, nil
	case KnobBool:
		b, err := strconv.ParseBool(trimmed)
		if err != nil {
			return bad("%q is not on/off (true or false)")
		}
		return KnobValue{Bool: b}, nil
	case KnobChoice:
		return KnobValue{Text: trimmed}, nil
	case KnobList:
		// A list is typed on one line, its items separated by ";".
		var items []string
		for _, item := range strings.Split(text, ";") {
			if item = strings.TrimSpace(item); item != "" {
				items = append(items, item)
			}
		}
		return KnobValue{List: items}, nil
	}
	return KnobValue{Text: text}, nil
}

// FormatValue writes a value as a flag's default or a YAML scalar would
// show it.
func (k *Knob) FormatValue(v KnobValue) string {
	switch k.Kind {
	case KnobInt:
		return strconv.Itoa(v.Int)
	case KnobFloat:
		return k.FormatNumber(v.Float)
	case KnobBool:
		return strconv.FormatBool(v.Bool)
	case KnobList:
		return strings.Join(v.List, " ; ")
	}
	return v.Text
}

// AppliesTo reports whether the knob changes anything under s.
func (k *Knob) AppliesTo(s Settings) bool { return k.Applies == nil || k.Applies(s) }

// KnobByID returns the knob with a workbench id, or nil.
func KnobByID(id string) *Knob {
	for _, k := range Knobs() {
		if k.ID == id {
			return k
		}
	}
	return nil
}
