package window

import (
	"encoding/json"
)

// ResponsesFrame is what an OpenAI Responses API body sends around its
// input items, kept as sent so that the body can be written back in its
// own shape (see Assembly.ResponsesBody).
type ResponsesFrame struct {
	// Instructions is the body's instructions, "" when it has none.
	Instructions string
	// Tools are the body's tools as sent, in order, in Responses' flat
	// shape: function tools and the tools the chat form has no place for.
	Tools []json.RawMessage
	// ToolChoice, ParallelToolCalls and Text are those fields as sent,
	// nil when the body has none.
	ToolChoice, ParallelToolCalls, Text json.RawMessage
	// MaxOutputTokens says the body sets max_output_tokens.
	MaxOutputTokens bool
}

// ResponsesBody is an assembled request as the Responses API takes it.
type ResponsesBody struct {
	Model        string `json:"model,omitempty"`
	Instructions string `json:"instructions,omitempty"`
	// Input are the input items: each message's items as the request sent
	// them (ids, status, call_id kept), an edited message's with its new
	// text, a message the assembler wrote as the item it would be.
	Input []json.RawMessage `json:"input"`
	// Tools are the request's tools as sent, less the function tools the
	// assembly left out.
	Tools             []json.RawMessage `json:"tools,omitempty"`
	ToolChoice        json.RawMessage   `json:"tool_choice,omitempty"`
	ParallelToolCalls json.RawMessage   `json:"parallel_tool_calls,omitempty"`
	Text              json.RawMessage   `json:"text,omitempty"`
	// MaxOutputTokens is the response reserve, which for an imported
	// request is its own max_output_tokens; set when the request set one.
	MaxOutputTokens int `json:"max_output_tokens,omitempty"`
}

// SendsResponsesBody reports whether the assembly is exported as a
// Responses API body: a request read from one, measured as sent or in the
// chat layout. The article's layout folds it into the Chat Completions
// messages the article sends.
func (a *Assembly) SendsResponsesBody() bool {
	return a.Responses != nil && (a.Layout == LayoutChat || a.Mode == MeasureOnly)
}

// ResponsesBody converts the assembly's messages back to input items.
// The request's instructions open it as they were sent (with the text an
// edit left, when the system prompt is the instructions alone); every
// message read from the body is its own items, and a message the
// assembler wrote is the item the API reads it as: a text message, an
// assistant's function_call items, a function_call_output.
func (a *Assembly) ResponsesBody(model string) ResponsesBody {
	f := a.Responses
	if f == nil {
		f = &ResponsesFrame{}
	}
	body := ResponsesBody{Model: model, Input: []json.RawMessage{}, ToolChoice: f.ToolChoice,
		ParallelToolCalls: f.ParallelToolCalls, Text: f.Text}
	if f.MaxOutputTokens {
		body.MaxOutputTokens = a.Budget.ResponseReserve
	}
	for i, m := range a.Messages {
		if m.Sent != nil && len(m.Sent.Items) > 0 {
			var items []json.RawMessage
			if json.Unmarshal(m.Sent.Items, &items) == nil {
				body.Input = append(body.Input, items...)
				continue
			}
		}
		if i == 0 && (m.Role == "system" || m.Role == "developer") && (m.Sent != nil || f.Instructions != "") {
			// The system prompt: the instructions, alone (sent as a
			// message, with its text) or with system items, which other
			// messages carry where they were sent.
			if m.Sent != nil {
				body.Instructions = m.Content
			} else {
				body.Instructions = f.Instructions
			}
			continue
		}
		if i == 0 && m.Sent == nil && (m.Role == "system" || m.Role == "developer") && f.Instructions == "" && a.systemItemsCarried() {
			continue
		}
		body.Input = append(body.Input, responsesItems(m)...)
	}
	body.Tools = a.responsesTools(f.Tools)
	return body
}

// systemItemsCarried: the request's system items are carried by the
// messages they were sent among (a system prompt the split joined from
// several of them), so the system message is not written again.
func (a *Assembly) systemItemsCarried() bool {
	for _, m := range a.Messages {
		if m.Sent == nil || len(m.Sent.Items) == 0 {
			continue
		}
		var items []struct {
			Role string `json:"role"`
		}
		if json.Unmarshal(m.Sent.Items, &items) != nil {
			continue
		}
		for _, it := range items {
			if it.Role == "system" || it.Role == "developer" {
				return true
			}
		}
	}
	return false
}

// responsesItems is a message the assembler wrote as input items.
func responsesItems(m ChatMessage) []json.RawMessage {
	switch m.Role {
	case "tool":
		return []json.RawMessage{marshalBlock(map[string]any{"type": "function_call_output", "call_id": m.ToolCallID, "output": m.Content})}
	case "assistant":
		var items []json.RawMessage
		if m.Content != "" {
			items = append(items, marshalBlock(map[string]any{"type": "message", "role": "assistant", "content": m.Content}))
		}
		var calls []struct {
			ID       string `json:"id"`
			Function struct {
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"function"`
		}
		if len(m.ToolCalls) > 0 && json.Unmarshal(m.ToolCalls, &calls) == nil {
			for _, c := range calls {
				items = append(items, marshalBlock(map[string]any{"type": "function_call", "call_id": c.ID,
					"name": c.Function.Name, "arguments": c.Function.Arguments}))
			}
		}
		return items
	case "system", "developer", "user":
		return []json.RawMessage{marshalBlock(map[string]any{"type": "message", "role": m.Role, "content": m.Content})}
	}
	return []json.RawMessage{marshalBlock(map[string]any{"type": "message", "role": "user", "content": m.Content})}
}

// responsesTools are the request's tools as sent, less the function tools
// the assembly did not keep (a.Tools, in the chat form it counts).
func (a *Assembly) responsesTools(sent []json.RawMessage) []json.RawMessage {
	var kept []struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	_ = json.Unmarshal(a.Tools, &kept)
	names := map[string]bool{}
	for _, t := range kept {
		names[t.Function.Name] = true
	}
	var out []json.RawMessage
	for _, t := range sent {
		var tool struct {
			Type string `json:"type"`
			Name string `json:"name"`
		}
		if json.Unmarshal(t, &tool) != nil || tool.Type == "function" && !names[tool.Name] {
			continue
		}
		out = append(out, t)
	}
	return out
}
