package chatbody

import (
	"encoding/json"
	"fmt"
)

// responsesItem is what CheckResponses reads of an input item.
type responsesItem struct {
	Type    string          `json:"type"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	CallID  string          `json:"call_id"`
	Name    string          `json:"name"`
	// Arguments is a JSON text; Output a string or a list of parts.
	Arguments *string         `json:"arguments"`
	Output    json.RawMessage `json:"output"`
}

// responsesItemTypes are the input item types CheckResponses knows
// besides messages and function calls: items a request sends back from
// an earlier response.
var responsesItemTypes = map[string]bool{
	"reasoning": true, "web_search_call": true, "file_search_call": true, "computer_call": true,
	"computer_call_output": true, "code_interpreter_call": true, "image_generation_call": true,
	"local_shell_call": true, "local_shell_call_output": true, "mcp_call": true, "mcp_list_tools": true,
	"mcp_approval_request": true, "mcp_approval_response": true, "item_reference": true,
	"custom_tool_call": true, "custom_tool_call_output": true,
}

// CheckResponses reports the first thing that makes body not an OpenAI
// Responses API request: instructions that are not a string, input that
// is neither a string nor a list of items, an item of a type the API does
// not know, a message whose role it does not take or without content, a
// function_call without a call_id, a name or its arguments, a
// function_call_output that answers no function_call before it, a call
// no output answers, two calls with one call_id, or a tool list with a
// function tool without a name or two tools of one name, or a
// tool_choice that names a function the tools lack or requires a tool
// when there is none. Fields it does not know are the caller's.
func CheckResponses(body []byte) error {
	var req struct {
		Instructions json.RawMessage `json:"instructions"`
		Input        json.RawMessage `json:"input"`
		Tools        []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"tools"`
		ToolChoice json.RawMessage `json:"tool_choice"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return fmt.Errorf("not a request body: %w", err)
	}
	if len(req.Instructions) > 0 && string(req.Instructions) != "null" {
		var s string
		if json.Unmarshal(req.Instructions, &s) != nil {
			return fmt.Errorf("instructions are not a string")
		}
	}
	var text string
	if json.Unmarshal(req.Input, &text) == nil {
		if text == "" {
			return fmt.Errorf("input is an empty string")
		}
	} else if err := checkResponsesItems(req.Input); err != nil {
		return err
	}
	names := map[string]bool{}
	for i, t := range req.Tools {
		if t.Type == "" {
			return fmt.Errorf("tool %d: no type", i+1)
		}
		if t.Type != "function" {
			continue
		}
		if t.Name == "" {
			return fmt.Errorf("tool %d: a function tool without a name", i+1)
		}
		if names[t.Name] {
			return fmt.Errorf("tool %d: a second tool named %q", i+1, t.Name)
		}
		names[t.Name] = true
	}
	return checkToolChoice(req.ToolChoice, len(req.Tools), names)
}

// checkToolChoice: a tool_choice that requires a tool needs one, and one
// that names a function (or allows some) names tools the body has.
func checkToolChoice(choice json.RawMessage, tools int, names map[string]bool) error {
	var mode string
	if json.Unmarshal(choice, &mode) == nil {
		if mode == "required" && tools == 0 {
			return fmt.Errorf(`tool_choice "required" with no tools`)
		}
		return nil
	}
	var c struct {
		Type  string `json:"type"`
		Name  string `json:"name"`
		Tools []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"tools"`
	}
	if len(choice) == 0 || json.Unmarshal(choice, &c) != nil {
		return nil
	}
	if c.Type == "function" && !names[c.Name] {
		return fmt.Errorf("tool_choice names function %q, which is not among the tools", c.Name)
	}
	for _, t := range c.Tools {
		if t.Type == "function" && !names[t.Name] {
			return fmt.Errorf("tool_choice allows function %q, which is not among the tools", t.Name)
		}
	}
	return nil
}

func checkResponsesItems(input json.RawMessage) error {
	var items []responsesItem
	if err := json.Unmarshal(input, &items); err != nil {
		return fmt.Errorf("input is neither a string nor a list of items: %w", err)
	}
	if len(items) == 0 {
		return fmt.Errorf("no input items")
	}
	// calls holds every function_call's call_id so far, answered or not.
	calls := map[string]bool{}
	for i, it := range items {
		at := fmt.Sprintf("input item %d (%s)", i+1, it.Type)
		switch {
		case it.Type == "message" || it.Type == "" && it.Role != "":
			switch it.Role {
			case "user", "assistant", "system", "developer":
			default:
				return fmt.Errorf("%s: role %q is not one the API takes", at, it.Role)
			}
			var c content
			if err := json.Unmarshal(it.Content, &c); err != nil || c.none() {
				return fmt.Errorf("%s: no content", at)
			}
		case it.Type == "function_call":
			if it.CallID == "" || it.Name == "" || it.Arguments == nil {
				return fmt.Errorf("%s: a function call needs a call_id, a name and its arguments", at)
			}
			if _, seen := calls[it.CallID]; seen {
				return fmt.Errorf("%s: call_id %q is another call's", at, it.CallID)
			}
			calls[it.CallID] = false
		case it.Type == "function_call_output":
			answered, ok := calls[it.CallID]
			if !ok {
				return fmt.Errorf("%s: call_id %q answers no function_call before it", at, it.CallID)
			}
			if answered {
				return fmt.Errorf("%s: call_id %q is answered twice", at, it.CallID)
			}
			if len(it.Output) == 0 || string(it.Output) == "null" {
				return fmt.Errorf("%s: no output", at)
			}
			calls[it.CallID] = true
		case responsesItemTypes[it.Type]:
		default:
			return fmt.Errorf("%s: not an input item type the API takes", at)
		}
	}
	for i, it := range items {
		if it.Type == "function_call" && !calls[it.CallID] {
			return fmt.Errorf("input item %d (function_call): call_id %q has no function_call_output answering it", i+1, it.CallID)
		}
	}
	return nil
}
