package cli

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"ctxlab/core"
)

// describeValueError words the flag package's refusal of a flag's value
// for a person, for every flag alike: the flag as typed (two dashes), the
// value, and what was expected ("--rag-budget: "abc" is not a whole
// number; expected 0 or more tokens"). A knob's flag is read as the knob
// table reads a typed value and says what the knob expects. ok is false
// for an error that is not about a value.
func describeValueError(fs *flagSet, msg string) (string, bool) {
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return fmt.Sprintf("--%s needs a value", name), true
	}
	rest, ok := strings.CutPrefix(msg, "invalid value ")
	if !ok {
		if rest, ok = strings.CutPrefix(msg, "invalid boolean value "); !ok {
			return "", false
		}
	}
	quotedValue, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return "", false
	}
	value, _ := strconv.Unquote(quotedValue)
	rest = strings.TrimPrefix(strings.TrimPrefix(rest[len(quotedValue):], " for flag -"), " for -")
	name, cause, ok := strings.Cut(rest, ": ")
	if !ok {
		return "", false
	}
	f := fs.Lookup(name)
	if f == nil {
		return "", false
	}
	return "--" + name + ": " + valueProblem(f, value, cause), true
}

// valueProblem says what is wrong with value for flag f: a knob's
// flag as the knob table words it, a flag of the standard library's
// kinds by its kind, and any other flag by its own Set's error (cause).
func valueProblem(f *flag.Flag, value, cause string) string {
	for _, k := range core.Knobs() {
		if k.Flag != f.Name {
			continue
		}
		if _, kerr := k.ParseText(value); kerr != nil {
			problem := kerr.Problem
			switch {
			case k.Expect != "":
				problem += "; expected " + k.Expect
			case k.Bounded:
				problem += fmt.Sprintf("; expected a number in [%s, %s]", k.FormatNumber(k.Min), k.FormatNumber(k.Max))
			}
			return problem
		}
	}
	getter, ok := f.Value.(flag.Getter)
	if !ok {
		return cause
	}
	if cause == "value out of range" {
		return quoted(value) + " is too large a number"
	}
	switch getter.Get().(type) {
	case int, int64, uint, uint64:
		return quoted(value) + " is not a whole number"
	case float64:
		return quoted(value) + " is not a number"
	case bool:
		return quoted(value) + " is not true or false"
	case time.Duration:
		return quoted(value) + " is not a duration; expected a number with a unit, such as 30s or 2m"
	}
	return quoted(value) + ": " + cause
}
