package request

import (
	"fmt"
	"strings"

	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// responsesAsChat reads a Responses API body as the Chat Completions body
// OpenAI renders it like: instructions become a leading developer message,
// input items messages (a function_call an assistant's tool call, a
// function_call_output a tool message), function tools chat tools, and
// text.format a response_format. Items, tools and fields the chat shape
// has no place for (server tools, reasoning, a previous response) are
// left out, and the notes say what was.
//
// items[i] are the input items chat message i was read from, as sent
// (nil for the instructions' message): a message item, a function call
// output, the function calls of one turn, each after the items left out
// before it (those after the last message go with the last).
//
// With raw (a body read from JSON), what passes through (a function's
// parameters, a format's schema, tool_choice, the input items) is
// passed as sent, so its objects keep the order of their keys.
func responsesAsChat(site requestSite, body map[string]any, raw *rawResponses) (map[string]any, [][]any, []string, error) {
	chat := map[string]any{}
	for _, key := range []string{"model", "tool_choice", "parallel_tool_calls", "max_output_tokens"} {
		if v, ok := body[key]; ok {
			chat[key] = asSent(raw.field(key), v)
		}
	}
	if v, ok := chat["max_output_tokens"]; ok {
		delete(chat, "max_output_tokens")
		chat["max_completion_tokens"] = v
	}
	var messages []any
	var items [][]any
	if text, ok := body["instructions"].(string); ok && text != "" {
		messages = append(messages, map[string]any{"role": "developer", "content": text})
		items = append(items, nil)
	}
	skipped := map[string]int{}
	switch input := body["input"].(type) {
	case string:
		messages = append(messages, map[string]any{"role": "user", "content": input})
		items = append(items, []any{map[string]any{"role": "user", "content": input}})
	case []any:
		var calls []any     // the function calls of the assistant turn being read
		var callItems []any // and the items they were read from
		var before []any    // items left out, to go with the next message
		add := func(message map[string]any, from ...any) {
			messages = append(messages, message)
			items = append(items, append(before, from...))
			before = nil
		}
		flush := func() {
			if len(calls) > 0 {
				add(map[string]any{"role": "assistant", "content": nil, "tool_calls": calls}, callItems...)
				calls, callItems = nil, nil
			}
		}
		for i, v := range input {
			item, ok := loaders.AsMap(v)
			sent := asSent(raw.item(i, len(input)), item)
			if !ok {
				return nil, nil, nil, site.errorf("input item %d is %s; expected an object", i+1, loaders.Describe(v))
			}
			typ, _ := item["type"].(string)
			switch {
			case typ == "function_call":
				name, _ := item["name"].(string)
				args, _ := item["arguments"].(string)
				id, _ := item["call_id"].(string)
				calls = append(calls, map[string]any{"id": id, "type": "function", "function": map[string]any{"name": name, "arguments": args}})
				callItems = append(callItems, sent)
				continue
			case typ == "function_call_output":
				flush()
				id, _ := item["call_id"].(string)
				add(map[string]any{"role": "tool", "tool_call_id": id, "content": responsesOutput(item["output"])}, sent)
			case typ == "message" || (typ == "" && item["role"] != nil):
				flush()
				role, _ := item["role"].(string)
				if role == "" {
					return nil, nil, nil, site.errorf(`input item %d: a message with no "role"; expected user, assistant, system or developer`, i+1)
				}
				add(map[string]any{"role": role, "content": responsesContent(item["content"])}, sent)
			default:
				flush()
				skipped[typ]++
				before = append(before, sent)
			}
		}
		flush()
		if n := len(items); n > 0 && len(before) > 0 {
			items[n-1] = append(items[n-1], before...)
		}
	default:
		return nil, nil, nil, site.errorf(`"input" is %s; expected a string or a list of input items`, loaders.Describe(body["input"]))
	}
	chat["messages"] = messages

	var tools []any
	list := listOf(body["tools"])
	for i, v := range list {
		tool, ok := loaders.AsMap(v)
		if !ok {
			return nil, nil, nil, site.errorf("tool %d is %s; expected a tool definition object", i+1, loaders.Describe(v))
		}
		if typ, _ := tool["type"].(string); typ != "function" {
			skipped["tool "+typ]++
			continue
		}
		fn := map[string]any{}
		sent, _ := rawFields(raw.tool(i, len(list)))
		for _, key := range []string{"name", "description", "parameters", "strict"} {
			if v, ok := tool[key]; ok {
				fn[key] = asSent(sent[key], v)
			}
		}
		tools = append(tools, map[string]any{"type": "function", "function": fn})
	}
	if len(tools) > 0 {
		chat["tools"] = tools
	}
	if text, ok := loaders.AsMap(body["text"]); ok {
		if format, ok := loaders.AsMap(text["format"]); ok {
			switch typ, _ := format["type"].(string); typ {
			case "json_schema":
				schema := map[string]any{}
				sent, _ := rawFields(rawField(raw.field("text"), "format"))
				for _, key := range []string{"name", "description", "schema", "strict"} {
					if v, ok := format[key]; ok {
						schema[key] = asSent(sent[key], v)
					}
				}
				chat["response_format"] = map[string]any{"type": "json_schema", "json_schema": schema}
			case "json_object":
				chat["response_format"] = map[string]any{"type": "json_object"}
			}
		}
	}

	notes := []string{"an OpenAI Responses API body, counted as the Chat Completions request it renders like: instructions as a developer message, function calls and their outputs as tool calls and tool messages"}
	if len(skipped) > 0 {
		var kinds []string
		for kind, n := range skipped {
			kinds = append(kinds, fmt.Sprintf("%s %s", numfmt.Thousands(n), kind))
		}
		notes = append(notes, "not counted (no chat equivalent): "+strings.Join(sortedStrings(kinds), ", "))
	}
	if id, _ := body["previous_response_id"].(string); id != "" {
		notes = append(notes, "the request continues a previous response ("+loaders.Quoted(id)+"), whose conversation OpenAI bills too and the body does not hold")
	}
	return chat, items, notes, nil
}

// responsesContent reads a message's content: a string, or its parts'
// texts (input_text, output_text) as chat text parts; other parts keep
// their type, so they become placeholders.
func responsesContent(v any) any {
	list, ok := v.([]any)
	if !ok {
		return v
	}
	parts := make([]any, 0, len(list))
	for _, p := range list {
		part, _ := loaders.AsMap(p)
		typ, _ := part["type"].(string)
		if text, ok := part["text"].(string); ok && (typ == "input_text" || typ == "output_text" || typ == "text") {
			parts = append(parts, map[string]any{"type": "text", "text": text})
			continue
		}
		parts = append(parts, map[string]any{"type": typ})
	}
	return parts
}

// responsesOutput is a function call's output as a tool message's
// content: a string, or its text parts.
func responsesOutput(v any) any {
	if s, ok := v.(string); ok {
		return s
	}
	return responsesContent(v)
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
