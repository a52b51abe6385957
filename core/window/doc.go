// Package window assembles a whole request within the model's window after
// the article's assembler (counting message framing in the total and
// dropping a component whose allocation is zero are ctxlab's choices):
// the per-component token budgets and their presets, the
// assembler that fits system prompt, tools, history, retrieved context,
// tool results and query into them, the provider framing tokens around each
// message, and the rendering of tool definitions.
//
// A ContextBudget is the article's: a total window, six allocations and a
// reply reserve, validated with the article's message. The presets are
// the article's support_chat, document_qa and agent_workflow, and a
// code_review of ctxlab's own; a budget file adds more. Every component's
// name for people is declared once, in words and in a short form for
// narrow columns (component_names.go), and reports, findings, views and
// the knob table read it.
//
// Assemble runs in one of two modes. Budgeted cuts each component to its
// allocation and lays the request out either as the article does (the
// article layout: the history folded into one assistant message, the tool
// results into one system message) or as a chat API replays it (the chat
// layout: every message and tool call its own, whole messages dropped
// oldest first, a call kept with its outputs, the tools as a tools array,
// in OpenAI's or Anthropic's body, or, for a request read from OpenAI's
// Responses API, in that API's body with its items as sent
// (body_responses.go); chat_call_ids.go gives a call without
// an id one, call_1, …, that the outputs after it answer in order). MeasureOnly measures an imported
// request as it was sent, cutting nothing. Either way the Assembly
// reports each component's allocation and use, each tool, message and
// tool result's count (Assembly.Items), the framing tokens each message
// costs (framing.go, after OpenAI's cookbook) and whether the request
// overflows its max input.
//
// Tool definitions are read in place from their JSON (tools_json.go): a
// string without escapes is a substring of the input, one with escapes is
// decoded once (json_string_decode.go), and each definition is a part of
// the array. The tools are counted as the provider bills them: OpenAI's
// namespace text is written once at its length with each tool's block a
// part of it (tools_openai.go, text_parts.go); for Anthropic, the
// tool-use system prompt its pricing lists is added (tools_anthropic.go). A measured request's tools are counted on those
// pieces without writing the namespace and outside the assembly's count
// memo (count_once.go), so the component keeps counts, not the text.
package window
