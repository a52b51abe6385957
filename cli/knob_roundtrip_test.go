package cli

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"ctxlab/core"
	"ctxlab/loaders/scenario"
)

// roundTripSteps are the agent steps of the round trip's scenario, so the
// agent step knob has values to take.
var roundTripSteps = []string{"search", "draft"}

// otherValue is an in-range value of k other than its default, and the
// command-line arguments that give it.
func otherValue(t *testing.T, k *core.Knob, def core.KnobValue) (core.KnobValue, []string) {
	t.Helper()
	flag := "--" + k.Flag + "="
	var v core.KnobValue
	switch k.Kind {
	case core.KnobInt:
		v.Int = def.Int + int(k.Step(float64(def.Int)))
		return v, []string{flag + strconv.Itoa(v.Int)}
	case core.KnobFloat:
		v.Float = k.Min + (k.Max-k.Min)/2
		return v, []string{flag + strconv.FormatFloat(v.Float, 'g', -1, 64)}
	case core.KnobBool:
		v.Bool = !def.Bool
		return v, []string{flag + strconv.FormatBool(v.Bool)}
	case core.KnobChoice:
		for _, c := range k.Choices(core.KnobContext{Steps: roundTripSteps}) {
			if c != def.Text {
				v.Text = c
				return v, []string{flag + c}
			}
		}
		t.Fatalf("%s: no choice but the default", k.ID)
	case core.KnobList:
		v.List = []string{`ORD-\d+`, "refund"}
		switch k.ID { // lists of item edits take their own spelling
		case "drop-items":
			v.List = []string{"tool_result:1", "message:2"}
		case "truncate-items":
			v.List = []string{"tool_result:1=50", "message:2=20"}
		}
		return v, []string{flag + v.List[0], flag + v.List[1]}
	}
	v.Text = "where is my tent?"
	switch k.ID {
	case core.KnobIDModel:
		v.Text = "gpt-4.1"
	case "min-score":
		v.Text = "0.35"
	case "dedup-key":
		v.Text = "metadata:doc_id"
	}
	return v, []string{flag + v.Text}
}

// applyKnobArgs is assemble's route from arguments to settings.
func applyKnobArgs(args []string) (core.Settings, error) {
	var kf knobFlags
	fs := newFlagSet(testEnv(), "assemble", "")
	kf.register(fs, false)
	s := core.DefaultSettings()
	if err := parseFlags(fs, args); err != nil {
		return s, err
	}
	return s, kf.apply(fs, &s, core.KnobContext{Steps: roundTripSteps}, nil)
}

// TestEveryKnobRoundTrips: every knob of the table, set to a value other
// than its default by its flag, survives scenario.Marshal and the scenario
// reader, and leaves every other knob as the reader reads it.
func TestEveryKnobRoundTrips(t *testing.T) {
	defaults := core.DefaultSettings()
	for _, k := range core.Knobs() {
		want, args := otherValue(t, k, k.Get(defaults))
		s, err := applyKnobArgs(args)
		if err != nil {
			t.Errorf("%s %v: %v", k.ID, args, err)
			continue
		}
		if got := k.Get(s); !reflect.DeepEqual(got, want) {
			t.Errorf("%s %v: settings hold %+v, want %+v", k.ID, args, got, want)
			continue
		}
		sc := &core.Scenario{Name: "round trip", Agent: &core.AgentWorkflow{}}
		for _, name := range roundTripSteps {
			sc.Agent.Steps = append(sc.Agent.Steps, core.AgentStep{Name: name})
		}
		out, err := scenario.Marshal(sc, s)
		if err != nil {
			t.Fatalf("%s: %v", k.ID, err)
		}
		back, err := scenario.LoadFS(fstest.MapFS{"s.yaml": {Data: out}}, "s.yaml")
		if err != nil {
			t.Errorf("%s: the export does not load: %v\n%s", k.ID, err, out)
			continue
		}
		for _, other := range core.Knobs() {
			if got, sent := other.Get(back.Settings), other.Get(s); !reflect.DeepEqual(got, sent) {
				t.Errorf("%s %v: %s read back as %+v, written as %+v\n%s", k.ID, args, other.ID, got, sent, out)
			}
		}
	}
}

// outOfRange are values each knob refuses, with how a scenario file
// writes them.
func outOfRange(k *core.Knob) (values []core.KnobValue, yamlValues []string) {
	switch k.Kind {
	case core.KnobInt:
		values = append(values, core.KnobValue{Int: int(k.Min) - 1})
		if k.Bounded {
			values = append(values, core.KnobValue{Int: int(k.Max) + 1})
		}
		for _, v := range values {
			yamlValues = append(yamlValues, strconv.Itoa(v.Int))
		}
	case core.KnobFloat:
		values = append(values, core.KnobValue{Float: k.Min - 0.25})
		if k.Bounded {
			values = append(values, core.KnobValue{Float: k.Max + 0.25})
		}
		for _, v := range values {
			yamlValues = append(yamlValues, strconv.FormatFloat(v.Float, 'g', -1, 64))
		}
	case core.KnobChoice:
		if k.Refuse != nil {
			values, yamlValues = []core.KnobValue{{Text: "nope"}}, []string{"nope"}
		}
	case core.KnobList:
		values, yamlValues = []core.KnobValue{{List: []string{"("}}}, []string{"['(']"}
	}
	return values, yamlValues
}

// yamlFor writes one key path as a scenario file.
func yamlFor(key, value string) string {
	if section, sub, nested := strings.Cut(key, "."); nested {
		return fmt.Sprintf("%s:\n  %s: %s\n", section, sub, value)
	}
	return key + ": " + value + "\n"
}

// TestEveryKnobRefusesTheSameWayEverywhere: a value outside a knob's
// range is refused by its flag and by its scenario key with the table's
// one problem text, each naming the knob its own way.
func TestEveryKnobRefusesTheSameWayEverywhere(t *testing.T) {
	refused := 0
	for _, k := range core.Knobs() {
		values, yamlValues := outOfRange(k)
		for i, v := range values {
			kerr := k.Check(v)
			if kerr == nil {
				t.Errorf("%s: %+v is not refused", k.ID, v)
				continue
			}
			refused++
			args := []string{"--" + k.Flag + "=" + yamlValues[i]}
			if k.Kind == core.KnobList {
				args = []string{"--" + k.Flag + "=" + v.List[0]}
			}
			_, err := applyKnobArgs(args)
			if want := kerr.Named("--" + k.Flag); err == nil || err.Error() != want {
				t.Errorf("%s %v: CLI says %v, want %q", k.ID, args, err, want)
			}
			name := k.Key
			if kerr.Item > 0 {
				name = fmt.Sprintf("%s[%d]", k.Key, kerr.Item)
			}
			file := yamlFor(k.Key, yamlValues[i])
			_, err = scenario.LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(file)}}, "s.yaml")
			if want := kerr.Named(name); err == nil || !strings.HasSuffix(err.Error(), ": "+want) {
				t.Errorf("%s %q: the scenario reader says %v, want it to end in %q", k.ID, file, err, want)
			}
		}
	}
	if refused < 15 {
		t.Errorf("only %d out-of-range values tried", refused)
	}
}
