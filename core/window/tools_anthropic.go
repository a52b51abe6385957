package window

import "strings"

// anthropicToolUsePrompt is the system prompt Anthropic adds to a request
// that defines tools, in tokens, with tool_choice auto or none, as its
// tool-use pricing documentation lists them: 346 for the Claude 3.5
// Sonnet generation and later, older models less or more. ctxlab cannot
// see Anthropic's tokenizer, so the tools themselves are counted as their
// JSON, an estimate like every Anthropic count here.
func anthropicToolUsePrompt(model string) int {
	name := strings.ToLower(model)
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	switch {
	case strings.HasPrefix(name, "claude-3-opus"):
		return 530
	case strings.HasPrefix(name, "claude-3-sonnet"):
		return 159
	case strings.HasPrefix(name, "claude-3-haiku"), strings.HasPrefix(name, "claude-3-5-haiku"):
		return 264
	}
	return 346
}
