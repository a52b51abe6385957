package main

import (
	"bufio"
	"strings"
)

// onePartBytes is the length of the one huge part of the one-part sets:
// 50,000,000 'a', one pre-token, one word for a wrap, in the field a
// production request or retrieval result may carry it in.
const onePartBytes = 50_000_000

// The one-part sets put the huge part where each field of an input holds
// it, with everything else small: the workbench's walk through every
// view (walk-workbench.sh) and the commands measure each field's path.
var onePartSets = []set{
	{"one-part-source.jsonl", "one document whose source is 50 MB of a", onePart(`{"content": "Paris is the capital of France.", "score": 0.9, "source": "`, `"}`+"\n")},
	{"one-part-system.json", "an OpenAI request whose system prompt is 50 MB of a", onePart(`{"model": "gpt-4o", "max_tokens": 1000, "messages": [{"role": "system", "content": "`, `"}, {"role": "user", "content": "Where is my order ORD-1?"}]}`)},
	{"one-part-query.json", "an OpenAI request whose query is 50 MB of a", onePart(`{"model": "gpt-4o", "max_tokens": 1000, "messages": [{"role": "system", "content": "You are a support assistant."}, {"role": "user", "content": "`, `"}]}`)},
	{"one-part-tool-result.json", "an OpenAI request whose tool result is 50 MB of a", onePart(`{"model": "gpt-4o", "max_tokens": 1000, "tools": [`+lookupTool+`], "messages": [{"role": "system", "content": "You are a support assistant."}, {"role": "user", "content": "Where is my order ORD-1?"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "lookup_order", "arguments": "{\"order_id\": \"ORD-1\"}"}}]}, {"role": "tool", "tool_call_id": "call_1", "content": "`, `"}]}`)},
	{"one-part-tool-description.json", "an OpenAI request whose tool's description is 50 MB of a", onePart(`{"model": "gpt-4o", "max_tokens": 1000, "tools": [{"type": "function", "function": {"name": "lookup_order", "description": "`, `", "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}}], "messages": [{"role": "user", "content": "Where is my order ORD-1?"}]}`)},
	{"one-part-tool-result-anthropic.json", "an Anthropic request whose tool result is 50 MB of a", onePart(`{"model": "claude-sonnet-4-5", "max_tokens": 1000, "system": "You are a support assistant.", "tools": [`+lookupToolAnthropic+`], "messages": [{"role": "user", "content": "Where is my order ORD-1?"}, {"role": "assistant", "content": [{"type": "text", "text": "Let me check."}, {"type": "tool_use", "id": "toolu_1", "name": "lookup_order", "input": {"order_id": "ORD-1"}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "`, `"}]}]}`)},
	{"one-part-tool-description-anthropic.json", "an Anthropic request whose tool's description is 50 MB of a", onePart(`{"model": "claude-sonnet-4-5", "max_tokens": 1000, "system": "You are a support assistant.", "tools": [{"name": "lookup_order", "description": "`, `", "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}], "messages": [{"role": "user", "content": "Where is my order ORD-1?"}]}`)},
}

const (
	lookupTool          = `{"type": "function", "function": {"name": "lookup_order", "description": "Look up an order by id.", "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}}`
	lookupToolAnthropic = `{"name": "lookup_order", "description": "Look up an order by id.", "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}`
)

// onePart writes before, the huge part, then after.
func onePart(before, after string) func(w *bufio.Writer) {
	return func(w *bufio.Writer) {
		w.WriteString(before)
		chunk := strings.Repeat("a", 1<<16)
		for left := onePartBytes; left > 0; left -= len(chunk) {
			w.WriteString(chunk[:min(left, len(chunk))])
		}
		w.WriteString(after)
	}
}

func init() { sets = append(sets, onePartSets...) }
