package cli

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"
)

func testEnv() Env {
	return Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }}
}

// TestWorkbenchTakesEveryBuildAndAssembleFlag: each option of the headless
// commands is a launch flag of the workbench, of the same kind, except
// the few that only shape printed output, which get an explanation.
func TestWorkbenchTakesEveryBuildAndAssembleFlag(t *testing.T) {
	var wf workbenchFlags
	wb := newWorkbenchFlagSet(testEnv(), &wf)
	var bf buildFlags
	var af assembleFlags
	for _, fs := range []*flagSet{newBuildFlagSet(testEnv(), &bf), newAssembleFlagSet(testEnv(), &af)} {
		fs.VisitAll(func(f *flag.Flag) {
			if _, headless := headlessOnlyFlags[f.Name]; headless {
				if wb.Lookup(f.Name) != nil {
					t.Errorf("--%s is both a launch flag and refused as output-only", f.Name)
				}
				return
			}
			got := wb.Lookup(f.Name)
			if got == nil {
				t.Errorf("ctxlab %s --%s is not a workbench flag", fs.Name(), f.Name)
				return
			}
			if got.DefValue != f.DefValue {
				t.Errorf("--%s: workbench default %q, %s default %q", f.Name, got.DefValue, fs.Name(), f.DefValue)
			}
		})
	}
	for name := range headlessOnlyFlags {
		if newBuildFlagSet(testEnv(), &bf).Lookup(name) == nil && newAssembleFlagSet(testEnv(), &af).Lookup(name) == nil {
			t.Errorf("--%s is listed as output-only but neither build nor assemble has it", name)
		}
	}
}

// TestWorkbenchExplainsOutputOnlyFlags: --format and friends are refused
// with what they are for, before anything is loaded or drawn.
func TestWorkbenchExplainsOutputOnlyFlags(t *testing.T) {
	for _, args := range [][]string{{"--format", "json"}, {"--full"}, {"-format", "text"}} {
		err := runWorkbench(testEnv(), args)
		if err == nil || !strings.Contains(err.Error(), "--"+strings.TrimLeft(strings.SplitN(args[0], "=", 2)[0], "-")+" ") {
			t.Errorf("%v: %v", args, err)
		}
		if strings.Contains(err.Error(), "not defined") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: not an explanation on one line: %v", args, err)
		}
	}
	var stderr bytes.Buffer
	env := testEnv()
	env.Stderr = &stderr
	if err := runWorkbench(env, []string{"--no-such-flag"}); err == nil || !strings.Contains(err.Error(), `unknown option "--no-such-flag"`) {
		t.Errorf("an unknown flag: %v", err)
	}
	env.StdoutIsTTY = true // the log is checked before the screen is taken
	if err := runWorkbench(env, []string{"--metrics-out", "/nonexistent-dir/m.jsonl"}); err == nil ||
		!strings.HasPrefix(err.Error(), "--metrics-out /nonexistent-dir/m.jsonl: ") {
		t.Errorf("an unwritable metrics log: %v", err)
	}
}

// TestWorkbenchTakesAScenarioNamedAfterTheOptions: `ctxlab --theme light
// s.yaml` opens s.yaml as `ctxlab s.yaml --theme light` does (flag
// parsing stopped at it: "unexpected argument"); a YAML file that is an
// option's value, or a second scenario, is not taken so.
func TestWorkbenchTakesAScenarioNamedAfterTheOptions(t *testing.T) {
	var f workbenchFlags
	fs := newWorkbenchFlagSet(testEnv(), &f)
	for _, c := range []struct {
		args []string
		want string // the scenario taken, "" for none
	}{
		{[]string{"--theme", "light", "s.yaml"}, "s.yaml"},
		{[]string{"--theme=light", "S.YML"}, "S.YML"},
		{[]string{"--allow-outside", "s.yaml"}, "s.yaml"}, // a switch takes no value
		{[]string{"--nosuchflag", "s.yaml"}, "s.yaml"},    // left to the parser to refuse
		{[]string{"-theme", "s.yaml"}, ""},
		{[]string{"--scenario", "a.yaml", "b.yaml"}, ""},
		{[]string{"--theme", "light", "docs.jsonl"}, ""},
		{[]string{"s.yaml"}, ""}, // first: the caller's own case
	} {
		got := scenarioNamedLast(fs, c.args)
		taken := ""
		if len(got) > 1 && got[0] == "--scenario" && len(got) == len(c.args)+1 {
			taken = got[1]
		}
		if taken != c.want {
			t.Errorf("%q: took %q as the scenario, want %q (args %q)", c.args, taken, c.want, got)
		}
	}
	err := runWorkbench(testEnv(), []string{"--theme", "light", "../sample/support_chat.yaml"})
	if err == nil || !strings.Contains(err.Error(), "needs a terminal") {
		t.Errorf("--theme light SCENARIO: %v; want it parsed, then the terminal asked for", err)
	}
}
