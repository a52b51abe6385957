package request

import (
	"fmt"
	"strings"

	"ctxlab/core/tokens"
	"ctxlab/loaders"
)

// detectProvider tells an Anthropic Messages body from an OpenAI Chat
// Completions one by the fields only one of the two APIs has:
//
//   - Anthropic: a top-level "system", tools with "input_schema", content
//     blocks of type tool_use or tool_result.
//   - OpenAI: tools with "function", messages with "tool_calls" or
//     "function_call", roles system, developer, tool or function,
//     "max_completion_tokens", image_url or input_audio parts.
//
// A message with role system is OpenAI's only in a body with no sign of
// Anthropic's shape: Anthropic's API (in beta) takes system messages
// between turns too, as pydantic-ai's recordings of it show.
//
// A body with signs of both is an error naming one of each, since reading
// it either way would misplace components. A body with neither (one user
// message, say) is OpenAI unless its model is a Claude model: the OpenAI
// shape is what most gateways and local servers accept.
func detectProvider(site requestSite, body map[string]any) (string, error) {
	anthropic := anthropicSign(body)
	openai := openAISign(body, anthropic == "")
	switch {
	case anthropic != "" && openai != "":
		return "", site.errorf("mixes the Anthropic Messages shape (%s) and the OpenAI Chat Completions shape (%s); expected one API's request body", anthropic, openai)
	case anthropic != "":
		return tokens.ProviderAnthropic, nil
	case openai != "":
		return tokens.ProviderOpenAI, nil
	}
	if model, _ := body["model"].(string); model != "" {
		if spec, ok := tokens.LookupModel(model); ok && spec.Provider == tokens.ProviderAnthropic {
			return tokens.ProviderAnthropic, nil
		}
	}
	return tokens.ProviderOpenAI, nil
}

// anthropicSign returns the first Anthropic-only feature of body, "" when
// there is none.
func anthropicSign(body map[string]any) string {
	if v, ok := body["system"]; ok && v != nil {
		return `a top-level "system"`
	}
	for i, tool := range listOf(body["tools"]) {
		if t, ok := loaders.AsMap(tool); ok {
			if _, ok := t["input_schema"]; ok {
				return fmt.Sprintf(`tool %d has "input_schema"`, i+1)
			}
		}
	}
	for i, m := range listOf(body["messages"]) {
		msg, _ := loaders.AsMap(m)
		for _, block := range listOf(msg["content"]) {
			b, _ := loaders.AsMap(block)
			if typ, _ := b["type"].(string); typ == "tool_use" || typ == "tool_result" {
				return fmt.Sprintf("message %d has a %s block", i+1, typ)
			}
		}
	}
	return ""
}

// openAIRoles are roles only OpenAI's API accepts in messages; system
// when withSystem.
var openAIRoles = map[string]bool{"developer": true, "tool": true, "function": true}

// openAISign returns the first OpenAI-only feature of body, "" when there
// is none; withSystem counts a message with role system as one.
func openAISign(body map[string]any, withSystem bool) string {
	if _, ok := body["max_completion_tokens"]; ok {
		return `"max_completion_tokens"`
	}
	for i, tool := range listOf(body["tools"]) {
		if t, ok := loaders.AsMap(tool); ok {
			if _, ok := t["function"]; ok {
				return fmt.Sprintf(`tool %d has "function"`, i+1)
			}
		}
	}
	for i, m := range listOf(body["messages"]) {
		msg, _ := loaders.AsMap(m)
		if _, ok := msg["tool_calls"]; ok {
			return fmt.Sprintf(`message %d has "tool_calls"`, i+1)
		}
		if _, ok := msg["function_call"]; ok {
			return fmt.Sprintf(`message %d has "function_call"`, i+1)
		}
		if role, _ := msg["role"].(string); openAIRoles[strings.ToLower(role)] || (withSystem && strings.EqualFold(role, "system")) {
			return fmt.Sprintf("message %d has role %s", i+1, loaders.Quoted(role))
		}
		for _, part := range listOf(msg["content"]) {
			p, _ := loaders.AsMap(part)
			if typ, _ := p["type"].(string); typ == "image_url" || typ == "input_audio" {
				return fmt.Sprintf("message %d has an %s part", i+1, typ)
			}
		}
	}
	return ""
}

// listOf returns v as a list, or nil.
func listOf(v any) []any {
	l, _ := loaders.AsList(v)
	return l
}
