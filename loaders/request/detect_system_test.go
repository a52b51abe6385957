package request

import (
	"strings"
	"testing"
)

// TestAnthropicSystemMessageBetweenTurns reads an Anthropic body that
// carries a system message between turns beside its top-level system, as
// Anthropic's API takes in beta (pydantic-ai's
// test_inline_system_prompt_cache_prefix_is_reused records one): it is
// Anthropic's shape, and the system message's text joins the system
// prompt. A system message beside OpenAI's signs stays OpenAI's, and
// beside tool_calls the mix is still refused.
func TestAnthropicSystemMessageBetweenTurns(t *testing.T) {
	body := `{"model": "claude-opus-4-8", "max_tokens": 4096, "system": "Reply with OK.",
		"messages": [
			{"role": "user", "content": [{"type": "text", "text": "facts"}]},
			{"role": "assistant", "content": [{"type": "text", "text": "OK"}]},
			{"role": "user", "content": [{"type": "text", "text": "context"}]},
			{"role": "system", "content": [{"type": "text", "text": "S", "cache_control": {"type": "ephemeral"}}]}
		]}`
	sc, err := Parse("request.json", []byte(body), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Provider != "anthropic" {
		t.Errorf("provider %q, want anthropic", sc.Provider)
	}
	if sc.SystemPrompt != "Reply with OK.\n\nS" {
		t.Errorf("system prompt %q, want the top-level system and the system message's text", sc.SystemPrompt)
	}

	sc, err = Parse("request.json", []byte(`{"messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "q"}]}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Provider != "openai" {
		t.Errorf("a system message with no Anthropic sign: provider %q, want openai", sc.Provider)
	}

	_, err = Parse("request.json", []byte(`{"system": "s", "messages": [{"role": "user", "content": "q"}, {"role": "system", "content": "t"}, {"role": "tool", "content": "r"}]}`), Options{})
	if err == nil || !strings.Contains(err.Error(), `message 3 has role "tool"`) {
		t.Errorf("top-level system beside a tool message: error %v, want the mix refused naming the tool message", err)
	}
}
