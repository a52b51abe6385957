package window

import "testing"

// TestResponsesToolsApartFromSystemOnHarmony: in a Responses body the
// tools are a system message of their own after instructions (a leading
// developer message) with any model, and after a leading system item
// with gpt-5 models; other models join them to a leading system item.
func TestResponsesToolsApartFromSystemOnHarmony(t *testing.T) {
	tools := `"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]`
	for _, tt := range []struct {
		role, model string
		apart       bool
	}{
		{"system", "gpt-5", true},
		{"system", "gpt-4o", false},
		{"developer", "gpt-5", true},
		{"developer", "gpt-4o", true},
	} {
		n, err := parseOrderedJSON(`{"messages":[{"role":"` + tt.role + `","content":"Be brief."},{"role":"user","content":"q"}],` + tools + `}`)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := renderOpenAIPrompt(n, tt.model, true)
		if !ok {
			t.Fatalf("%s %s: not rendered", tt.role, tt.model)
		}
		apart := p.messages[0].source == -1 && p.messages[1].toolsFrom < 0
		if apart != tt.apart {
			t.Errorf("%s item, %s: tools in a message of their own %v, want %v", tt.role, tt.model, apart, tt.apart)
		}
	}
}
