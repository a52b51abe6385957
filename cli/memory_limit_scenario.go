package cli

import (
	"ctxlab/core"
	"ctxlab/internal/memlimit"
)

// limitMemoryForScenario sets the soft memory limit from everything a
// loaded scenario holds: its documents, and its history, tool results,
// system prompt and tool definitions, which are what an imported request
// or a --history file grows with. A 50 MB history with a handful of
// documents would otherwise be held to the documents' 64 MiB floor (the
// collector running without pause) or, for a request, left without a
// limit at all until the heap doubles. The messages count one and a
// half bytes a byte (memlimit.PerMessageByte), the documents three.
func limitMemoryForScenario(env Env, sc *core.Scenario) {
	if env.SetsMemoryLimit {
		// Replace, not Apply: a limit set before loading from the
		// documents file alone must not hold a large history to it.
		limit := memlimit.ForConversation(documentBytes(sc.Documents), len(sc.Documents)+len(sc.History)+len(sc.ToolResults), messageBytes(sc))
		memlimit.ReplaceLimit(env.Getenv, limit)
	}
}

// scenarioBytes is the text a scenario holds, whatever it was read from.
func scenarioBytes(sc *core.Scenario) int64 {
	return documentBytes(sc.Documents) + messageBytes(sc)
}

// messageBytes is the text of a scenario's request beside its documents:
// the system prompt, the tools, the history and the tool results.
func messageBytes(sc *core.Scenario) int64 {
	n := int64(len(sc.SystemPrompt))
	for _, t := range sc.Tools {
		n += int64(len(t))
	}
	for _, m := range sc.History {
		n += int64(len(m.Role) + len(m.Content))
	}
	for _, r := range sc.ToolResults {
		n += int64(len(r.Name) + len(r.Content) + len(r.ToolCallID) + len(r.ToolCalls))
	}
	return n
}
