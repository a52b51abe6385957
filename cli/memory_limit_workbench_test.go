package cli

import (
	"math"
	"runtime/debug"
	"testing"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/core/value"
	"ctxlab/internal/memlimit"
	"ctxlab/loaders"
)

// TestLimitMemoryForWorkbenchRaisesTheLoadersLimit: the workbench's limit
// replaces the lower one set from the documents while they loaded, and
// leaves a shared process alone. Not parallel: the limit is the
// process's.
func TestLimitMemoryForWorkbenchRaisesTheLoadersLimit(t *testing.T) {
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	docs := make([]value.Document, 1_000_000)
	for i := range docs {
		docs[i].Content = "refund"
	}
	sc := &core.Scenario{Documents: docs}
	noEnv := func(string) string { return "" }
	limitMemoryForWorkbench(Env{Getenv: noEnv}, sc)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a shared process: the limit is %d, want none", got)
	}
	env := Env{Getenv: noEnv, SetsMemoryLimit: true}
	limitMemoryForScenario(env, sc)
	limitMemoryForWorkbench(env, sc)
	got, want := debug.SetMemoryLimit(-1), memlimit.ForWorkbench(6_000_000, 1_000_000)
	if got != want {
		t.Errorf("the limit is %d, want the workbench's %d", got, want)
	}
	if headless := memlimit.For(6_000_000, 1_000_000); got <= headless {
		t.Errorf("the workbench's limit %d is not above a headless build's %d", got, headless)
	}
}

// TestLimitMemoryForWorkbenchRunRaisesItOnlyForOnePass: a run whose
// analyses are not kept gets eval's limit for its files, above the empty
// scenario's floor; one that keeps them, and a shared process, keep the
// limit they had. Not parallel: the limit is the process's.
func TestLimitMemoryForWorkbenchRunRaisesItOnlyForOnePass(t *testing.T) {
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	files := loaders.EvalFiles{Run: "../sample/eval/run.trec", Corpus: "../sample/eval/corpus.jsonl"}
	set, err := loaders.LoadEvalRun(files)
	if err != nil {
		t.Fatal(err)
	}
	noEnv := func(string) string { return "" }
	limitMemoryForWorkbenchRun(Env{Getenv: noEnv}, files, evalrun.OnePass(set))
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a shared process: the limit is %d, want none", got)
	}
	env := Env{Getenv: noEnv, SetsMemoryLimit: true}
	limitMemoryForWorkbench(env, &core.Scenario{})
	floor := debug.SetMemoryLimit(-1)
	limitMemoryForWorkbenchRun(env, files, evalrun.Prepare(set))
	if got := debug.SetMemoryLimit(-1); got != floor {
		t.Errorf("kept analyses: the limit is %d, want the workbench's %d", got, floor)
	}
	limitMemoryForWorkbenchRun(env, files, evalrun.OnePass(set))
	if got, want := debug.SetMemoryLimit(-1), memlimit.ForEval(evalFilesBytes(files)); got != want || got <= floor {
		t.Errorf("one pass: the limit is %d, want eval's %d, above the workbench's %d", got, want, floor)
	}
}
