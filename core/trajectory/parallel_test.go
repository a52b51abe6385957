package trajectory

import (
	"encoding/json"
	"fmt"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// OpenAI bills the outputs of a parallel call as one message, each
// output's share depending on the outputs before it: every request a
// policy makes still counts what Assemble counts for its body, when
// clear-tool-results clears some of the outputs and keeps others, and a
// kept output is not reported removed.
func TestParallelOutputsCountAsBilled(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	tools := []json.RawMessage{json.RawMessage(`{"type":"function","function":{"name":"seat","parameters":{"type":"object","properties":{"id":{"type":"string"}}}}}`)}
	call := func(ids ...string) json.RawMessage {
		var calls []toolCall
		for _, id := range ids {
			calls = append(calls, toolCall{ID: id, Type: "function", Function: toolFunction{Name: "seat", Arguments: `{"id": "` + id + `"}`}})
		}
		raw, err := json.Marshal(calls)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	msgs := []window.ChatMessage{
		{Role: "system", Content: "You book seats."},
		{Role: "user", Content: "Check seats 1A, 2B and 3C, then book one."},
		{Role: "assistant", ToolCalls: call("g1", "g2", "g3")},
		{Role: "tool", ToolCallID: "g1", Content: "Seat 1A is free."},
		{Role: "tool", ToolCallID: "g2", Content: `{"seat": "2B", "free": false}`},
		{Role: "tool", ToolCallID: "g3", Content: "Seat 3C is taken!"},
		{Role: "assistant", ToolCalls: call("k1")},
		{Role: "tool", ToolCallID: "k1", Content: "Booked."},
		{Role: "assistant", ToolCalls: call("k2", "k3")},
		{Role: "tool", ToolCallID: "k2", Content: "Paid."},
		{Role: "tool", ToolCallID: "k3", Content: "Mailed."},
		{Role: "assistant", Content: "Seat 1A is yours."},
	}
	b := NewBuilder("t", "gpt-4o", "openai", tok, 100000)
	for i, m := range msgs {
		if m.Role == "assistant" {
			if err := b.AddMessages(fmt.Sprintf("message %d", i+1), msgs[:i], tools, 500, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	tr := b.Trajectory()
	sent := map[string][][]window.ChatMessage{}
	opts := openAIOptions("gpt-4o")
	opts.Sent = func(policy string, turn int, m []window.ChatMessage) {
		sent[policy] = append(sent[policy], m)
	}
	var policies []Policy
	for n := 0; n <= 5; n++ {
		policies = append(policies, Policy{Kind: KindClearToolResults, N: n})
	}
	rep := replayAll(t, tr, append(policies, Policy{Kind: KindAsSent}), opts)
	partial := 0
	for _, p := range rep.Policies {
		for i, turn := range p.Turns {
			req := sent[p.Name][i]
			if want := assembleBilled(t, tok, req, tools); turn.InputTokens != want {
				t.Errorf("%s turn %d: replay counts %d, Assemble %d", p.Name, i+1, turn.InputTokens, want)
			}
			stubs, kept := 0, 0
			for _, m := range req {
				switch {
				case m.Content == ClearedStub:
					stubs++
				case m.ToolCallID == "g2" || m.ToolCallID == "g3":
					kept++
				}
			}
			if turn.Removed != stubs {
				t.Errorf("%s turn %d: %d removed, %d cleared", p.Name, i+1, turn.Removed, stubs)
			}
			if stubs > 0 && kept > 0 {
				partial++
			}
		}
	}
	if partial == 0 {
		t.Fatal("no request cleared some outputs of a parallel call and kept others")
	}
}
