package window

import (
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/core/tokens"
)

// TestAnthropicPromptCounted: a forced tool_choice counts the forced row
// of Anthropic's table, and a structured output format its schema and
// prompt, with tools or without.
func TestAnthropicPromptCounted(t *testing.T) {
	tok, _ := tokens.ByName(tokens.TokenizerO200K)
	tool := `{"name":"get_weather","description":"Weather","input_schema":{"type":"object","properties":{"city":{"type":"string"}}}}`
	format := `{"type":"json_schema","schema":{"type":"object","properties":{"city":{"type":"string"}}}}`
	in := Input{Budget: ContextBudget{TotalWindow: 10000, SystemPrompt: 100, ToolDefinitions: 500, UserQuery: 100, ResponseReserve: 100},
		Tokenizer: tok, Mode: MeasureOnly, Model: "claude-sonnet-4-5", UserQuery: "hi", Tools: []json.RawMessage{json.RawMessage(tool)}}
	toolsUsed := func(in Input) (int, string) {
		t.Helper()
		a, err := Assemble(in)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := a.Component(ComponentTools)
		return c.Used, c.Note
	}
	auto, _ := toolsUsed(in)
	in.Anthropic.ToolChoice = "any"
	forced, note := toolsUsed(in)
	if forced != auto+(588-496)+(anthropicToolRenderForced-anthropicToolRenderAuto) || !strings.Contains(note, "tool_choice any") {
		t.Errorf("tool_choice any: %d (%s), auto %d", forced, note, auto)
	}
	in.Model = "claude-sonnet-4-0"
	older, _ := toolsUsed(in)
	in.Anthropic.ToolChoice = ""
	olderAuto, _ := toolsUsed(in)
	if older != olderAuto+(315-313)+(anthropicToolRenderForced-anthropicToolRenderAuto) {
		t.Errorf("Claude Sonnet 4 forced %d, auto %d", older, olderAuto)
	}

	in.Model, in.Anthropic.ToolChoice, in.Anthropic.OutputFormat = "claude-sonnet-4-5", "", format
	withFormat, note := toolsUsed(in)
	if withFormat != auto+tok.Count(format)+anthropicOutputFormatPrompt || !strings.Contains(note, "structured-output prompt") {
		t.Errorf("output format: %d (%s), auto %d", withFormat, note, auto)
	}
	in.Tools = nil
	alone, _ := toolsUsed(in)
	if alone != tok.Count(format)+anthropicOutputFormatPrompt {
		t.Errorf("output format without tools: %d", alone)
	}
}
