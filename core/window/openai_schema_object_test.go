package window

import (
	"strings"
	"testing"
)

// TestOpenAIParametersDescription: the description of a function's
// parameters object is a comment line between "(_: " and its brace, as
// harmony writes an object's description; a property's stays above it.
func TestOpenAIParametersDescription(t *testing.T) {
	body := `{"messages":[{"role":"user","content":"q"}],"tools":[{"type":"function","function":{
		"name":"load","description":"Load a capability.","strict":true,
		"parameters":{"type":"object","additionalProperties":false,"description":"Typed arguments.",
		"properties":{"id":{"type":"string","description":"The id."}},"required":["id"]}}}]}`
	want := strings.Join([]string{
		"# Tools", "", "## functions", "", "namespace functions {", "",
		"// Load a capability.",
		"type load = (_: // Typed arguments.",
		"{",
		"// The id.",
		"id: string,",
		"}) => any;",
		"",
		"} // namespace functions",
	}, "\n")
	if got := renderedTools(t, body); got != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", got, want)
	}
}
