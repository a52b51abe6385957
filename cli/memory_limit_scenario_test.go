package cli

import (
	"encoding/json"
	"math"
	"runtime/debug"
	"testing"

	"ctxlab/core"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/memlimit"
)

// TestLimitMemoryForScenarioCountsTheRequest: a history or an imported
// request sets the limit from its messages, tool results, system prompt
// and tools as well as its documents, so a large history is not held to
// the documents' floor. Not parallel: the limit is the process's.
func TestLimitMemoryForScenarioCountsTheRequest(t *testing.T) {
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	sc := &core.Scenario{
		Documents:    []value.Document{{Content: "twelve bytes", Source: "a.md"}},
		SystemPrompt: "be kind",
		Tools:        []json.RawMessage{json.RawMessage(`{"name":"t"}`)},
		History:      []value.Message{{Role: "user", Content: "hello"}, {Role: "assistant", Content: "hï"}},
		ToolResults:  []window.ToolResult{{Name: "t", Content: "out", ToolCallID: "c1", ToolCalls: json.RawMessage(`[]`)}},
	}
	const text = 12 + 4 + 7 + 12 + 4 + 5 + 9 + 3 + 1 + 3 + 2 + 2
	if got := scenarioBytes(sc); got != text {
		t.Fatalf("scenarioBytes = %d, want %d", got, text)
	}
	noEnv := func(string) string { return "" }
	limitMemoryForScenario(Env{Getenv: noEnv}, sc)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a shared process: the limit is %d, want none", got)
	}
	limitMemoryForScenario(Env{Getenv: noEnv, SetsMemoryLimit: true}, sc)
	// The documents' text at ForBuild's rate, the request's at PerMessageByte.
	const docText = 12 + 4
	if got, want := debug.SetMemoryLimit(-1), memlimit.ForConversation(docText, 4, text-docText); got != want || want != memlimit.ForBuild(docText, 4)+int64(memlimit.PerMessageByte*(text-docText)) {
		t.Errorf("its own process: the limit is %d, want %d", got, want)
	}
}
