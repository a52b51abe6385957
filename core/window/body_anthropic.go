package window

import (
	"encoding/json"
	"strings"

	"ctxlab/core/tokens"
)

// AnthropicBody is an assembled request as Anthropic's Messages API takes
// it, for a request imported from Anthropic and laid out as a chat: the
// leading system messages become the system prompt, a tool call becomes
// the assistant's tool_use blocks and its outputs the next user turn's
// tool_result blocks, and turns of one role in a row are one turn, as
// the API wants them to alternate.
type AnthropicBody struct {
	Model string `json:"model,omitempty"`
	// MaxTokens is required by the API: the response reserve, which for an
	// imported request is its own max_tokens.
	MaxTokens int    `json:"max_tokens"`
	System    string `json:"system,omitempty"`
	// SystemBlocks is the system prompt as the request sent it when that
	// was a list of blocks (with their cache_control), sent whole; the
	// body is then written with it in place of System.
	SystemBlocks json.RawMessage    `json:"-"`
	Messages     []AnthropicMessage `json:"messages"`
	Tools        json.RawMessage    `json:"tools,omitempty"`
}

// AnthropicMessage is one turn, its content as blocks.
type AnthropicMessage struct {
	Role    string            `json:"role"`
	Content []json.RawMessage `json:"content"`
}

// AnthropicBody converts the assembly's messages. System text after the
// first other message (a tool output that answers no call, headed as the
// article heads tool results) stays where it is, as the user's text,
// since the API takes system text only up front.
func (a *Assembly) AnthropicBody(model string) AnthropicBody {
	body := AnthropicBody{Model: model, MaxTokens: a.Budget.ResponseReserve, Tools: a.Tools, Messages: []AnthropicMessage{}}
	var system []string
	leading := true
	add := func(role string, blocks ...json.RawMessage) {
		if len(blocks) == 0 {
			return
		}
		if n := len(body.Messages); n > 0 && body.Messages[n-1].Role == role {
			body.Messages[n-1].Content = append(body.Messages[n-1].Content, blocks...)
			return
		}
		body.Messages = append(body.Messages, AnthropicMessage{Role: role, Content: blocks})
	}
	for _, m := range a.Messages {
		isSystem := m.Role == "system" || m.Role == "developer"
		if isSystem && leading {
			system = append(system, m.Content)
			if m.Sent != nil && m.Sent.Blocks {
				body.SystemBlocks = m.Sent.JSON
			}
			continue
		}
		leading = false
		if blocks := sentBlocks(m); blocks != nil {
			// An Anthropic request's own blocks, as it sent them.
			role := "user"
			if m.Role == "assistant" {
				role = "assistant"
			}
			add(role, blocks...)
			continue
		}
		switch m.Role {
		case "assistant":
			add("assistant", append(textBlocks(m.Content), toolUseBlocks(m.ToolCalls)...)...)
		case "tool":
			add("user", marshalBlock(map[string]any{"type": "tool_result", "tool_use_id": m.ToolCallID, "content": m.Content}))
		default:
			add("user", textBlocks(m.Content)...)
		}
	}
	body.System = strings.Join(system, "\n\n")
	if len(system) != 1 {
		body.SystemBlocks = nil // more than the request's own system text
	}
	return body
}

// sentBlocks are a message's content blocks as an Anthropic request sent
// them, nil when it has none.
func sentBlocks(m ChatMessage) []json.RawMessage {
	if m.Sent == nil || !m.Sent.Blocks {
		return nil
	}
	var blocks []json.RawMessage
	if json.Unmarshal(m.Sent.JSON, &blocks) != nil {
		return nil
	}
	return blocks
}

// textBlocks is a text as content blocks: none for an empty text, which
// the API refuses as a block.
func textBlocks(text string) []json.RawMessage {
	if text == "" {
		return nil
	}
	return []json.RawMessage{marshalBlock(map[string]any{"type": "text", "text": text})}
}

// toolUseBlocks are an assistant's tool calls as tool_use blocks: an
// Anthropic request's own blocks as they came, an OpenAI call converted
// (its arguments, a JSON text, become the input object).
func toolUseBlocks(calls json.RawMessage) []json.RawMessage {
	var items []json.RawMessage
	if len(calls) == 0 || json.Unmarshal(calls, &items) != nil {
		return nil
	}
	blocks := make([]json.RawMessage, 0, len(items))
	for _, item := range items {
		var call struct {
			Type     string `json:"type"`
			ID       string `json:"id"`
			Function struct {
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"function"`
		}
		if json.Unmarshal(item, &call) != nil {
			continue
		}
		if call.Type == "tool_use" {
			blocks = append(blocks, item)
			continue
		}
		input := json.RawMessage(call.Function.Arguments)
		var object map[string]any
		if json.Unmarshal(input, &object) != nil || object == nil {
			input = json.RawMessage("{}")
		}
		blocks = append(blocks, marshalBlock(map[string]any{"type": "tool_use", "id": call.ID, "name": call.Function.Name, "input": input}))
	}
	return blocks
}

func marshalBlock(block map[string]any) json.RawMessage {
	// A map of strings and raw JSON always marshals.
	data, _ := json.Marshal(block)
	return data
}

// SendsAnthropicBody reports whether the assembly is exported as an
// Anthropic Messages body: a request that came from Anthropic, measured
// as sent or in the chat layout. The article's layout keeps OpenAI's
// shape, which is the article's.
func (a *Assembly) SendsAnthropicBody(provider string) bool {
	return (a.Layout == LayoutChat || a.Mode == MeasureOnly) && provider == tokens.ProviderAnthropic
}
