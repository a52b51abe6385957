package window

import "testing"

// TestAnthropicToolUsePromptByModel: each model takes its own row of
// Anthropic's table, by tool_choice, whatever suffix its name carries; a
// model the table does not have takes the measured prompt.
func TestAnthropicToolUsePromptByModel(t *testing.T) {
	cases := []struct {
		model, choice string
		documented    int
		row           string
	}{
		{"claude-haiku-4-5", "auto", 496, "claude-haiku-4-5"},
		{"claude-haiku-4-5-20251001", "any", 588, "claude-haiku-4-5"},
		{"claude-3-5-haiku-latest", "auto", 264, "claude-3-5-haiku"},
		{"anthropic/claude-3-5-haiku-20241022", "tool", 355, "claude-3-5-haiku"},
		{"claude-3-haiku-20240307", "", 264, "claude-3-haiku"},
		{"claude-opus-4-20250514", "auto", 313, "claude-opus-4"},
		{"claude-opus-4-1", "any", 315, "claude-opus-4-1"},
		{"claude-opus-4-5-20251101", "auto", 496, "claude-opus-4-5"},
		{"claude-sonnet-4-0", "none", 313, "claude-sonnet-4"},
		{"claude-sonnet-4-5", "tool", 588, "claude-sonnet-4-5"},
		{"claude-opus-4-8", "auto", 290, "claude-opus-4-8"},
		{"claude-sonnet-5", "any", 474, "claude-sonnet-5"},
		{"claude-fable-5", "auto", 0, ""},
	}
	for _, c := range cases {
		tokens, documented, row := anthropicToolUsePrompt(c.model, c.choice)
		if documented != c.documented || row != c.row {
			t.Errorf("%s, tool_choice %q: documented %d (row %q), want %d (row %q)", c.model, c.choice, documented, row, c.documented, c.row)
		}
		if documented > 0 && tokens <= documented {
			t.Errorf("%s: %d counted, not above the documented %d", c.model, tokens, documented)
		}
	}
	if auto, _, _ := anthropicToolUsePrompt("claude-fable-5", ""); auto != anthropicToolUseMeasured {
		t.Errorf("claude-fable-5: %d, want the measured %d", auto, anthropicToolUseMeasured)
	}
	if forced, _, _ := anthropicToolUsePrompt("claude-fable-5", "any"); forced != anthropicToolUseMeasured+anthropicForcedToolPrompt {
		t.Errorf("claude-fable-5 forced: %d", forced)
	}
	haiku45, _, _ := anthropicToolUsePrompt("claude-haiku-4-5", "auto")
	haiku35, _, _ := anthropicToolUsePrompt("claude-3-5-haiku-latest", "auto")
	if haiku45-haiku35 != 496-264 {
		t.Errorf("Claude Haiku 4.5 %d, Claude 3.5 Haiku %d: the table puts them 232 apart", haiku45, haiku35)
	}
}
