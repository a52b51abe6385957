package cli

import (
	"testing"
)

// The workbench opens a trace's spans as assemble does: an LLM span as
// its request, with its bill, and a retrieval span as its documents and
// query.
func TestWorkbenchOpensTraceSpans(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		check func(t *testing.T, run *assembleRun)
	}{
		{[]string{"--request", "../loaders/trace/testdata/otel-genai/traces.jsonl", "--span-id", "f020148a18480986",
			"--logs", "../loaders/trace/testdata/otel-genai/logs.jsonl"}, func(t *testing.T, run *assembleRun) {
			sc := run.scenario
			if sc.Recorded == nil || sc.Recorded.InputTokens != 133 || len(sc.ToolResults) != 3 || sc.SystemPrompt == "" {
				t.Errorf("LLM span: recorded %+v, %d tool results, system %q", sc.Recorded, len(sc.ToolResults), sc.SystemPrompt)
			}
		}},
		{[]string{"--docs", "../loaders/trace/testdata/openinference-retrieval/traces.jsonl", "--span-id", "c1a4e79067239b98"}, func(t *testing.T, run *assembleRun) {
			if len(run.scenario.Documents) != 4 || run.settings.Query != "What is Pydantic AI?" {
				t.Errorf("retrieval span: %d documents, query %q", len(run.scenario.Documents), run.settings.Query)
			}
		}},
	} {
		var f workbenchFlags
		fs := newWorkbenchFlagSet(testEnv(), &f)
		if err := parseFlags(fs, tc.args); err != nil {
			t.Fatal(err)
		}
		run, err := f.prepareInput(testEnv(), fs)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		tc.check(t, run)
	}
}
