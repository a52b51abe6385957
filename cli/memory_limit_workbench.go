package cli

import (
	"ctxlab/core"
	"ctxlab/internal/memlimit"
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
