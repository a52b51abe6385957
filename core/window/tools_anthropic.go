package window

import (
	"regexp"
	"strings"
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
	name := strings.ToLower(model)
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
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
