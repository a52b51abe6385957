package request

import (
	"strings"
	"testing"
)

// TestAnthropicPromptIsRead: what an Anthropic body renders into the
// prompt besides its messages and tools reaches the scenario, and a
// server-side feature the estimate leaves out is said in a note.
func TestAnthropicPromptIsRead(t *testing.T) {
	body := `{"model":"claude-sonnet-4-5","max_tokens":100,
		"tool_choice":{"type":"any"},
		"output_config":{"format":{"type":"json_schema","schema":{"type":"object","properties":{"city":{"type":"string"}}}},"effort":"low"},
		"tools":[{"name":"get_weather","description":"Weather","input_schema":{"type":"object","properties":{"city":{"type":"string"}}}}],
		"messages":[{"role":"user","content":"Weather in Paris?"}]}`
	sc, err := Parse("body.json", []byte(body), Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := sc.Anthropic
	if p.ToolChoice != "any" || !strings.Contains(p.OutputFormat, `"json_schema"`) || len(p.ServerSide) != 0 {
		t.Errorf("anthropic prompt %+v", p)
	}
	for _, n := range sc.Notes {
		if strings.Contains(n, "on its side") {
			t.Errorf("a note about server-side features for a body without any: %q", n)
		}
	}

	server := `{"model":"claude-sonnet-4-5","max_tokens":100,"context_management":{"edits":[]},
		"tools":[{"type":"memory_20250818","name":"memory"},{"name":"f","input_schema":{"type":"object"}}],
		"messages":[{"role":"user","content":"Hi"}]}`
	sc, err = Parse("server.json", []byte(server), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sc.Anthropic.ServerSide, ","); got != "memory_20250818,context_management" {
		t.Errorf("server side %q", got)
	}
	found := false
	for _, n := range sc.Notes {
		found = found || strings.Contains(n, `"memory_20250818", "context_management", which Anthropic expands or rewrites on its side`)
	}
	if !found {
		t.Errorf("no server-side note in %q", sc.Notes)
	}
}
