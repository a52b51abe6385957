package chatbody

import (
	"encoding/json"
	"fmt"
)

// openAIMessage is what CheckOpenAI reads of a message.
type openAIMessage struct {
	Role string `json:"role"`
	// Content is a string or a list of content parts; absent or null
	// is none.
	Content    content         `json:"content"`
	ToolCallID string          `json:"tool_call_id"`
	ToolCalls  []openAIToolUse `json:"tool_calls"`
}

type openAIToolUse struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type openAITool struct {
	Type     string `json:"type"`
	Function struct {
		Name string `json:"name"`
	} `json:"function"`
}

// CheckOpenAI reports the first thing that makes body not an OpenAI Chat
// Completions request: a message whose role the API does not know, a
// message without content, a tool call without an id or a function name,
// a tool message that answers no call of the assistant message before
// it, a call left unanswered before the next message, or a tool that is
// not a named function. Fields it does not know are the caller's.
func CheckOpenAI(body []byte) error {
	var req struct {
		Messages []openAIMessage `json:"messages"`
		Tools    []openAITool    `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return fmt.Errorf("not a request body: %w", err)
	}
	if len(req.Messages) == 0 {
		return fmt.Errorf("no messages")
	}
	// open holds the ids of the calls the last assistant message made
	// that no tool message has answered yet.
	open := map[string]bool{}
	for i, m := range req.Messages {
		at := fmt.Sprintf("message %d (%s)", i+1, m.Role)
		if m.Role != "tool" && len(open) > 0 {
			return fmt.Errorf("%s: a tool call before it has no tool message answering it", at)
		}
		switch m.Role {
		case "system", "developer", "user":
			if m.Content.none() {
				return fmt.Errorf("%s: no content", at)
			}
		case "assistant":
			if m.Content.none() && len(m.ToolCalls) == 0 {
				return fmt.Errorf("%s: neither content nor tool calls", at)
			}
			for _, c := range m.ToolCalls {
				if c.ID == "" || c.Type != "function" || c.Function.Name == "" {
					return fmt.Errorf("%s: a tool call needs an id, type function and a function name", at)
				}
				open[c.ID] = true
			}
		case "tool":
			if !open[m.ToolCallID] {
				return fmt.Errorf("%s: tool_call_id %q answers no open call of the assistant message before it", at, m.ToolCallID)
			}
			if m.Content.none() {
				return fmt.Errorf("%s: no content", at)
			}
			delete(open, m.ToolCallID)
		default:
			return fmt.Errorf("%s: not a role the API takes", at)
		}
	}
	if len(open) > 0 {
		return fmt.Errorf("the last assistant message's tool calls have no tool message answering them")
	}
	for i, t := range req.Tools {
		if t.Type != "function" || t.Function.Name == "" {
			return fmt.Errorf("tool %d: not a named function", i+1)
		}
	}
	return nil
}

// content is a message's content as sent: a string or a list of parts.
type content json.RawMessage

func (c *content) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*c = nil
		return nil
	}
	var probe any
	if err := json.Unmarshal(b, &probe); err != nil {
		return err
	}
	switch probe.(type) {
	case string, []any:
		*c = append((*c)[:0], b...)
		return nil
	}
	return fmt.Errorf("content is neither a string nor a list of parts")
}

func (c content) none() bool { return len(c) == 0 }
