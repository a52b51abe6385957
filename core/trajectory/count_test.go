package trajectory

import (
	"encoding/json"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// A turn added as messages counts what window.Assemble counts for the
// same request measured as sent (its body, as OpenAI bills it), tools
// (joined to the system message, or a message of their own) included;
// so does every request a policy makes, as the sum of its messages.
func TestAddMessagesCountsAsAssemble(t *testing.T) {
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	tools := []json.RawMessage{json.RawMessage(`{"type":"function","function":{"name":"get_reservation_details","description":"Get a reservation.","parameters":{"type":"object","properties":{"reservation_id":{"type":"string"}},"required":["reservation_id"]}}}`)}
	msgs := agentConversation(6, 12)
	for _, withSystem := range []bool{true, false} {
		conv := msgs
		if !withSystem {
			conv = msgs[1:]
		}
		b := NewBuilder("t", "gpt-4o", "", tok, 128_000)
		last := len(conv) - 1 // the final assistant message: the turn's request is the rest
		if err := b.AddMessages("turn", conv[:last], tools, 1000, nil); err != nil {
			t.Fatal(err)
		}
		in := window.Input{
			Budget:    window.ContextBudget{TotalWindow: 128_000, ResponseReserve: 1000},
			Tokenizer: tok, Model: "gpt-4o", Mode: window.MeasureOnly, Tools: tools,
		}
		rest := conv[:last]
		if withSystem {
			in.SystemPrompt, rest = rest[0].Content, rest[1:]
		}
		in.UserQuery = rest[0].Content
		for _, m := range rest[1:] {
			in.ToolResults = append(in.ToolResults, window.ToolResult{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID, ToolCalls: m.ToolCalls})
		}
		body, err := json.Marshal(map[string]any{"model": "gpt-4o", "messages": conv[:last], "tools": tools})
		if err != nil {
			t.Fatal(err)
		}
		in.OpenAIBody = string(body)
		a, err := window.Assemble(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Messages) != last {
			t.Fatalf("assembled %d messages, want %d", len(a.Messages), last)
		}
		if got := b.Trajectory().Turns[0].InputTokens; got != a.Used {
			t.Errorf("system %v: the turn counts %d, Assemble %d", withSystem, got, a.Used)
		}
	}
}
