package chatbody

import (
	"encoding/json"
	"fmt"
)

type anthropicBlock struct {
	Type      string          `json:"type"`
	Text      *string         `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
}

// CheckAnthropic reports the first thing that makes body not an Anthropic
// Messages request: no max_tokens, a system message among the messages
// (the API takes system text only as the system field), turns that do
// not alternate from the user's, an empty or unknown block, a tool_use
// without id, name or input object, or a tool_result that does not answer
// a tool_use of the assistant turn just before, or a tool_use left
// unanswered by the next turn.
func CheckAnthropic(body []byte) error {
	var req struct {
		MaxTokens int `json:"max_tokens"`
		Messages  []struct {
			Role    string           `json:"role"`
			Content []anthropicBlock `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return fmt.Errorf("not a request body: %w", err)
	}
	if req.MaxTokens <= 0 {
		return fmt.Errorf("max_tokens is required")
	}
	if len(req.Messages) == 0 {
		return fmt.Errorf("no messages")
	}
	open := map[string]bool{}
	for i, m := range req.Messages {
		at := fmt.Sprintf("message %d (%s)", i+1, m.Role)
		want := []string{"user", "assistant"}[i%2]
		if m.Role != want {
			return fmt.Errorf("%s: turns alternate from the user's, expected %s", at, want)
		}
		if len(m.Content) == 0 {
			return fmt.Errorf("%s: no content", at)
		}
		answered := map[string]bool{}
		for j, b := range m.Content {
			switch b.Type {
			case "text":
				if b.Text == nil || *b.Text == "" {
					return fmt.Errorf("%s: block %d: empty text", at, j+1)
				}
			case "tool_use":
				var input map[string]any
				if m.Role != "assistant" || b.ID == "" || b.Name == "" || json.Unmarshal(b.Input, &input) != nil || input == nil {
					return fmt.Errorf("%s: block %d: a tool_use needs the assistant's turn, an id, a name and an input object", at, j+1)
				}
			case "tool_result":
				if m.Role != "user" || !open[b.ToolUseID] {
					return fmt.Errorf("%s: block %d: tool_result %q answers no tool_use of the turn before", at, j+1, b.ToolUseID)
				}
				answered[b.ToolUseID] = true
			case "image", "document", "thinking", "redacted_thinking":
			default:
				return fmt.Errorf("%s: block %d: unknown type %q", at, j+1, b.Type)
			}
		}
		for id := range open {
			if !answered[id] {
				return fmt.Errorf("%s: tool_use %q of the turn before has no tool_result", at, id)
			}
		}
		open = map[string]bool{}
		for _, b := range m.Content {
			if b.Type == "tool_use" {
				open[b.ID] = true
			}
		}
	}
	if len(open) > 0 {
		return fmt.Errorf("the last turn's tool_use has no tool_result")
	}
	return nil
}
