package window

import (
	"fmt"
	"regexp"
	"strings"

	"ctxlab/internal/numfmt"
)

// anthropicToolUsePrompt is the system prompt Anthropic adds to a request
// that defines tools, in tokens, with tool_choice auto or none: 346 for
// the Claude 3.5 Sonnet generation to Claude 4 (its tool-use pricing
// documentation), older models less or more. For Claude 4.5 and later the
// figure is measured, not documented: on recorded requests with tools
// (core/window/testdata/billed/anthropic_messages.jsonl) the bill less
// the tools' JSON and the messages sits at 506 tokens for most, where
// Claude Sonnet 4 bills 344. ctxlab cannot see Anthropic's tokenizer, so
// the tools themselves are counted as their JSON, an estimate like every
// Anthropic count here.
func anthropicToolUsePrompt(model string) int {
	name := anthropicModelName(model)
	switch {
	case anthropicCurrentModel.MatchString(name):
		return 506
	case strings.HasPrefix(name, "claude-3-opus"):
		return 530
	case strings.HasPrefix(name, "claude-3-sonnet"):
		return 159
	case strings.HasPrefix(name, "claude-3-haiku"), strings.HasPrefix(name, "claude-3-5-haiku"):
		return 264
	}
	return 346
}

// anthropicCurrentModel matches Claude 4.5 and later: claude-sonnet-4-5,
// claude-opus-4-8, claude-haiku-4-5, claude-sonnet-5 and their dated
// names.
var anthropicCurrentModel = regexp.MustCompile(`^claude-[a-z]+-(4-[5-9]|[5-9])\b`)

// AnthropicPrompt is what an Anthropic request sets that Anthropic
// renders into the prompt besides its messages and tools.
type AnthropicPrompt struct {
	// ToolChoice is tool_choice's type: auto, any, tool or none; "" when
	// the request sets none (auto).
	ToolChoice string
	// OutputFormat is the structured-output format the request asks for
	// (output_config.format, or the beta's output_format), as JSON; ""
	// when it asks for none.
	OutputFormat string
	// ServerSide names what the request sets that Anthropic expands or
	// rewrites on its side, which the estimate leaves out: a server
	// tool's type (web_search_20250305, tool_search_tool_bm25_…),
	// context_management, output_config.task_budget.
	ServerSide []string
}

// Measured on recorded Claude 4.5-and-later requests
// (core/window/testdata/billed/anthropic_messages.jsonl), not documented:
//
//   - anthropicForcedToolPrompt: with tool_choice any or tool, the bill
//     less the tools' JSON and the messages is a median 110 tokens more
//     than with auto (12 requests, 98 to 153 more). Anthropic's pricing
//     page gives the older models' forced prompt as smaller than auto's
//     (313 against 346); the recordings of Claude Sonnet 4 show no
//     difference, so older models are left at auto's figure.
//   - anthropicOutputFormatPrompt: a structured-output format bills its
//     schema's JSON plus a median 136 tokens (12 requests, 125 to 150).
const (
	anthropicForcedToolPrompt   = 110
	anthropicOutputFormatPrompt = 136
)

// anthropicTools counts an Anthropic request's tools as its estimate
// does: the tools' JSON, the tool-use system prompt Anthropic adds (more
// when tool_choice forces a tool), and a structured-output format's
// schema with the prompt that comes with it. c holds the JSON and its
// definitions.
func anthropicTools(in Input, c *assembledComponent, toolsJSON string) *assembledComponent {
	tok := in.Tokenizer
	n, notes := 0, []string{}
	if toolsJSON != "" {
		prompt := anthropicToolUsePrompt(in.Model)
		choice := in.Anthropic.ToolChoice
		if choice == "" {
			choice = "auto"
		}
		if (choice == "any" || choice == "tool") && anthropicCurrentModel.MatchString(anthropicModelName(in.Model)) {
			prompt += anthropicForcedToolPrompt
		}
		n += countOnce(tok, toolsJSON) + prompt
		notes = append(notes, fmt.Sprintf("the tools JSON plus Anthropic's %s-token tool-use system prompt (tool_choice %s)", numfmt.Thousands(prompt), choice))
	}
	if f := in.Anthropic.OutputFormat; f != "" {
		n += countOnce(tok, f) + anthropicOutputFormatPrompt
		notes = append(notes, fmt.Sprintf("the output format's schema plus Anthropic's %s-token structured-output prompt", numfmt.Thousands(anthropicOutputFormatPrompt)))
	}
	if n == 0 {
		return c
	}
	return &assembledComponent{
		counted: true, rawTokens: n, keptTokens: n, itemTokens: countEachOnce(tok, c.pieces),
		note: strings.Join(notes, "; "),
	}
}

// anthropicModelName is a model name as the Claude tables match it:
// lower case, without a provider prefix.
func anthropicModelName(model string) string {
	name := strings.ToLower(model)
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}
