package trajectory

import (
	"encoding/json"
	"fmt"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// Every request a policy makes of an OpenAI trajectory, stubs and
// summaries included, counts what window.Assemble counts for its body
// as OpenAI bills it: the fixed part plus each message's tokens, each
// message counted once for the whole trajectory.
func TestPolicyRequestsCountAsBilled(t *testing.T) {
	tok, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	tools := []json.RawMessage{json.RawMessage(`{"type":"function","function":{"name":"get_reservation_details","description":"Get a reservation.","parameters":{"type":"object","properties":{"reservation_id":{"type":"string"}},"required":["reservation_id"]}}}`)}
	msgs := agentConversation(40, 40)
	// One turn makes two calls at once: OpenAI wraps them in one
	// multi_tool_use.parallel call.
	msgs = append(msgs[:len(msgs)-1],
		window.ChatMessage{Role: "assistant", Content: "Two at once.", ToolCalls: []byte(`[{"id":"p1","type":"function","function":{"name":"get_reservation_details","arguments":"{\"reservation_id\": \"P1\"}"}},{"id":"p2","type":"function","function":{"name":"get_reservation_details","arguments":"{\"reservation_id\":\"P2\"}"}}]`)},
		window.ChatMessage{Role: "tool", ToolCallID: "p1", Content: "seat 1A"},
		window.ChatMessage{Role: "tool", ToolCallID: "p2", Content: "seat 2B"},
		window.ChatMessage{Role: "assistant", Content: "All done."})
	b := NewBuilder("t", "gpt-4o", "openai", tok, 4000)
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
	policies := []Policy{{Kind: KindAsSent}, {Kind: KindDropOldest}, {Kind: KindClearToolResults, N: 2}, {Kind: KindCompact, High: 0.8}}
	rep := replayAll(t, tr, policies, opts)
	checked := 0
	for _, p := range rep.Policies {
		if len(sent[p.Name]) != len(p.Turns) {
			t.Fatalf("%s: %d requests sent, %d turns", p.Name, len(sent[p.Name]), len(p.Turns))
		}
		for i, turn := range p.Turns {
			if i%7 != 0 && i != len(p.Turns)-1 {
				continue
			}
			want := assembleBilled(t, tok, sent[p.Name][i], tools)
			if turn.InputTokens != want {
				t.Errorf("%s turn %d: replay counts %d, Assemble %d", p.Name, i+1, turn.InputTokens, want)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d requests", checked)
	}
}

// assembleBilled is what window.Assemble counts for messages and tools
// measured as sent, from their body.
func assembleBilled(t *testing.T, tok tokens.Tokenizer, msgs []window.ChatMessage, tools []json.RawMessage) int {
	t.Helper()
	body, err := json.Marshal(map[string]any{"model": "gpt-4o", "messages": msgs, "tools": tools})
	if err != nil {
		t.Fatal(err)
	}
	in := window.Input{
		Budget:    window.ContextBudget{TotalWindow: 1 << 30, ResponseReserve: 1},
		Tokenizer: tok, Model: "gpt-4o", Mode: window.MeasureOnly, Tools: tools, OpenAIBody: string(body),
	}
	rest := msgs
	if len(rest) > 0 && rest[0].Role == "system" {
		in.SystemPrompt, rest = rest[0].Content, rest[1:]
	}
	query := -1
	for i, m := range rest {
		if m.Role == "user" {
			query = i
		}
	}
	for i, m := range rest {
		switch {
		case i < query:
			in.History = append(in.History, value.Message{Role: m.Role, Content: m.Content}) // counted from the body
		case i == query:
			in.UserQuery = m.Content
		default:
			in.ToolResults = append(in.ToolResults, window.ToolResult{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID, ToolCalls: m.ToolCalls})
		}
	}
	if _, ok := window.OpenAIBilledFor(in); !ok {
		t.Fatalf("Assemble would not bill the request as OpenAI does")
	}
	a, err := window.Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	return a.Used
}
