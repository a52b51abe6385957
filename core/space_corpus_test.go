package core_test

import (
	"context"
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/testcorpus"
	"ctxlab/loaders/request"
)

// TestSpaceFindsTheLargestToolResultOfARecordedAgentLoop: on a recorded
// agent request, the item ranked first among tool results is
// the message after the query that costs most as sent, found here
// independently from the assembled messages; OpenAI bills a tool call as
// it renders it, more compactly than its JSON.
func TestSpaceFindsTheLargestToolResultOfARecordedAgentLoop(t *testing.T) {
	sc, err := request.Load(testcorpus.Path("pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"), nil, request.Options{Interaction: 2})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.ToolResults) < 2 {
		t.Fatalf("the cassette's second request has %d tool results", len(sc.ToolResults))
	}

	tok := sc.Settings.Pipeline.Tokenizer
	messages := ev.Assembly.Messages
	afterQuery := messages[len(messages)-len(sc.ToolResults):]
	largest, largestTokens := -1, -1
	for i, m := range afterQuery {
		n := tok.Count(m.Content) + tok.Count(string(m.ToolCalls))
		if n > largestTokens {
			largest, largestTokens = i, n
		}
	}

	var top *core.SpaceItem
	space := ev.Space()
	for i, it := range space {
		if it.Kind == window.ItemToolCall || it.Kind == window.ItemToolResult {
			top = &space[i]
			break
		}
	}
	if top == nil {
		t.Fatal("no tool call or result listed")
	}
	if top.Ref != largest || top.Tokens <= 0 || top.Tokens > largestTokens {
		t.Errorf("ranked first: %q, item %d, %d tokens; the largest is item %d, %d tokens", top.Label, top.Ref+1, top.Tokens, largest+1, largestTokens)
	}
	if top.Label != "message 3: tool call delete_file, create_file" {
		t.Errorf("label %q", top.Label)
	}
	if want := float64(top.Tokens) / float64(ev.Assembly.Window); top.ShareOfWindow != want {
		t.Errorf("share of the window %v, want %v", top.ShareOfWindow, want)
	}
}
