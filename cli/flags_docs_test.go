package cli

import (
	"reflect"
	"strings"
	"testing"
)

// TestAssembleDocsIsTheWorkbenchLaunch: the same --docs, --history and
// --query give assemble and the workbench the same scenario and settings,
// so a workbench launch can be reproduced headlessly.
func TestAssembleDocsIsTheWorkbenchLaunch(t *testing.T) {
	args := []string{"--docs", "../sample/docs/support_kb.jsonl", "--history", "../sample/history/support_chat.json",
		"--query", "refund for a damaged tent?", "--rag-budget", "1500"}
	var af assembleFlags
	afs := newAssembleFlagSet(testEnv(), &af)
	var wf workbenchFlags
	wfs := newWorkbenchFlagSet(testEnv(), &wf)
	for _, fs := range []*flagSet{afs, wfs} {
		if err := parseFlags(fs, args); err != nil {
			t.Fatal(err)
		}
	}
	assembled, err := prepareAssembly(testEnv(), afs, &af)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := prepareAssembly(testEnv(), wfs, &wf.assemble)
	if err != nil {
		t.Fatal(err)
	}
	if len(assembled.scenario.Documents) != 60 || len(assembled.scenario.History) == 0 || assembled.settings.Query != "refund for a damaged tent?" {
		t.Fatalf("assemble --docs loaded %d documents, %d messages, query %q",
			len(assembled.scenario.Documents), len(assembled.scenario.History), assembled.settings.Query)
	}
	if !reflect.DeepEqual(assembled.scenario, opened.scenario) || !reflect.DeepEqual(assembled.settings, opened.settings) || assembled.source != opened.source {
		t.Error("assemble and the workbench prepared different assemblies from the same flags")
	}
}

func TestDocsInputChecks(t *testing.T) {
	tty := testEnv()
	tty.StdinIsTTY = true
	cases := []struct {
		args []string
		env  Env
		want string
	}{
		{[]string{"--docs", "a.jsonl", "--scenario", "s.yaml"}, testEnv(), "give one input: --docs, --scenario or --request, not --docs and --scenario"},
		{[]string{"--scenario", "s.yaml", "--request", "r.json"}, testEnv(), "give one input: --docs, --scenario or --request, not --scenario and --request"},
		{[]string{"--history", "h.json"}, testEnv(), "--history goes with --docs; a scenario or request carries its own history"},
		{[]string{"--doc-format", "csv"}, testEnv(), "--doc-format goes with --docs, which it reads"},
		{[]string{"--per-paragraph"}, testEnv(), "--per-paragraph goes with --docs, which it reads"},
		{[]string{"--docs", "-", "--history", "-"}, testEnv(), "--docs - and --history - cannot both read stdin"},
		{[]string{"--docs", "-"}, tty, "--docs -: stdin is a terminal; pipe the input in or give a file"},
		{[]string{"--docs", "1.jsonl", "--history", "-"}, tty, "--history -: stdin is a terminal"},
	}
	for _, c := range cases {
		var f assembleFlags
		fs := newAssembleFlagSet(c.env, &f)
		if err := parseFlags(fs, c.args); err != nil {
			t.Fatal(err)
		}
		_, err := prepareAssembly(c.env, fs, &f)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}
