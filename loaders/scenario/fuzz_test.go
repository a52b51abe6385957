package scenario

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"testing/fstest"

	"ctxlab/loaders/internal/loadertest"
)

// FuzzParseScenario holds scenario files to the same contract. The files
// a scenario may name are in an in-memory FS.
func FuzzParseScenario(f *testing.F) {
	for _, seed := range scenarioSeeds {
		f.Add([]byte(seed))
	}
	for _, name := range []string{"support_chat.yaml", "agent_workflow.yaml", "code_review.yaml", "document_qa.yaml", "overflow.yaml"} {
		loadertest.AddFileSeed(f, filepath.Join(loadertest.SampleDir, name))
	}
	loadertest.AddFileSeed(f, filepath.Join(loadertest.SampleDir, "eval", "help_center.yaml"))
	fsys := fstest.MapFS{
		"docs.jsonl": {Data: []byte(`{"content": "one two three four five"}` + "\n")},
		"chat.json":  {Data: []byte(`[{"role": "user", "content": "hi"}]`)},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := parseScenario("fuzz.yaml", data, fsFiles{fsys: fsys, dir: "."}, nil)
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		if err := sc.Settings.Validate(); err != nil {
			t.Errorf("settings do not validate: %v", err)
		}
		// Allocations or a reserve the window cannot hold open as an
		// overflow; only a budget that cannot be measured is refused.
		if err := sc.Settings.Budget.ValidateWindow(); err != nil {
			t.Errorf("budget does not validate: %v", err)
		}
		for i, tool := range sc.Tools {
			if !json.Valid(tool) {
				t.Errorf("tool %d is not JSON: %s", i+1, tool)
			}
		}
	})
}

// FuzzParseBudgetFile checks that every preset a budget file yields is
// valid and that bad files fail cleanly.
func FuzzParseBudgetFile(f *testing.F) {
	for _, seed := range []string{
		"presets:\n  a: {total_window: 1000, response_reserve: 10}\n",
		"support_chat: {extends: support_chat, retrieved_context: 6000}\n",
		"a: {extends: b}\nb: {extends: a}\n",
		"a: {extends: a}\n",
		"presets:\n  a:\n    extends: support_chat\n    retrieved_context: 6000\n  b:\n    extends: a\nc:\n  extends: b\n",
		"presets:\n  a:\n    extends: support_chat\n  support_chat:\n    extends: support_chat\n",
		"presets:\n  ? a long preset name written as an explicit key\n  : extends: support_chat\n    retrieved_context: 6000\n",
		"presets:\n  ? \"a long quoted preset name, \\u00e9 escaped\"\n  : extends: support_chat\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := ParseBudgetFile("fuzz.yaml", data)
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		if err := set.Validate(); err != nil {
			t.Errorf("presets do not validate: %v", err)
		}
	})
}

var scenarioSeeds = []string{
	"name: a\npreset: support_chat\nbudget: {retrieved_context: 10}\nquery: q\n",
	"tools: [{type: function, function: {name: f}}]\ntool_results: [{name: a, content: b}]\nhistory: [{role: user, content: hi}]\n",
	"documents: [{content: a b c, score: 0.5}]\npipeline: {builder: rag, dedup_threshold: 0.5}\nmemory: {patterns: ['a+']}\nrerank:\n",
	"documents: docs.jsonl\nhistory: chat.json\n",
	"window: 1\n",
	"a: &x [*x]\n",
}
