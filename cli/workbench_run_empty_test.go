package cli

import (
	"testing"
)

// TestWorkbenchRunAloneStartsFromAnEmptyRequest: --run with no scenario,
// documents or request gives the queries an empty request to open in,
// not the bundled support chat's history, tools and tool results.
func TestWorkbenchRunAloneStartsFromAnEmptyRequest(t *testing.T) {
	var f workbenchFlags
	fs := newWorkbenchFlagSet(testEnv(), &f)
	if err := parseFlags(fs, []string{"--run", "../sample/eval/run.trec"}); err != nil {
		t.Fatal(err)
	}
	run, err := f.prepareInput(testEnv(), fs)
	if err != nil {
		t.Fatal(err)
	}
	sc := run.scenario
	if sc.SystemPrompt != "" || len(sc.Tools) > 0 || len(sc.History) > 0 || len(sc.ToolResults) > 0 || len(sc.Documents) > 0 {
		t.Errorf("--run alone opened on %q: system prompt %q, %d tools, %d messages, %d tool results, %d documents",
			sc.Name, sc.SystemPrompt, len(sc.Tools), len(sc.History), len(sc.ToolResults), len(sc.Documents))
	}

	// Without --run the bundled sample is still the default.
	var g workbenchFlags
	gs := newWorkbenchFlagSet(testEnv(), &g)
	if err := parseFlags(gs, nil); err != nil {
		t.Fatal(err)
	}
	run, err = g.prepareInput(testEnv(), gs)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.scenario.History) == 0 {
		t.Errorf("with no input the workbench did not open the bundled sample")
	}
}
