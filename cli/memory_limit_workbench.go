package cli

import (
	"runtime/debug"

	"ctxlab/core"
	"ctxlab/core/evalrun"
	"ctxlab/internal/memlimit"
	"ctxlab/loaders"
)

// limitMemoryForWorkbench replaces the soft limit set while loading with
// the workbench's (memlimit.ForWorkbench): the workbench keeps every
// document's record, trace, counts and list row live for as long as it
// runs, more than a headless command's limit allows for, and under that
// limit the collector ran back to back while it sat idle.
func limitMemoryForWorkbench(env Env, sc *core.Scenario) {
	if env.SetsMemoryLimit {
		memlimit.ReplaceLimit(env.Getenv, memlimit.ForWorkbench(scenarioBytes(sc), len(sc.Documents)+len(sc.History)+len(sc.ToolResults)))
	}
}

// limitMemoryForWorkbenchRun raises the limit, for a run whose analyses
// are not kept (evalrun.PrepareWithin), to eval's for its files
// (memlimit.ForEval): the limit set from the workbench's scenario, empty
// beside a run, is the 64 MiB floor, and the 44 MB the run of 2,000
// queries x 1,000 documents keeps live, with each query's analysis made
// beside it, had the collector run 400 times in 80 s (15% of the
// processor). A run that keeps its analyses keeps the scenario's limit:
// its heap is more than the run's, and a higher limit let it grow.
func limitMemoryForWorkbenchRun(env Env, files loaders.EvalFiles, prepared *evalrun.Prepared) {
	if env.SetsMemoryLimit && prepared != nil && !prepared.Kept() {
		memlimit.ReplaceLimit(env.Getenv, max(debug.SetMemoryLimit(-1), memlimit.ForEval(evalFilesBytes(files))))
	}
}
