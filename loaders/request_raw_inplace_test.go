package loaders

import (
	"bytes"
	"testing"
)

// TestRawToolsLieInTheBody: the raw reading of a request's tools keeps
// each definition where it lies in the body, not a copy of it, and the
// tool read from the body is compacted as before.
func TestRawToolsLieInTheBody(t *testing.T) {
	data := []byte(`{"model": "gpt-4o", "tools": [{"type": "function", "function": {"name": "f", "description": "long <&> text"}}, {"type":"function","function":{"name":"g"}}], "messages": [{"role": "user", "content": "hi"}]}`)
	r := rawRequestOf(data)
	if r == nil || len(r.tools) != 2 {
		t.Fatalf("raw request: %+v", r)
	}
	for i, tool := range r.tools {
		off := bytes.Index(data, tool)
		if off < 0 || &data[off] != &tool[0] {
			t.Errorf("tool %d is a copy, not the body's bytes", i+1)
		}
	}
	got, err := compactJSON(r.tool(0, 2), nil)
	if want := `{"type":"function","function":{"name":"f","description":"long <&> text"}}`; err != nil || string(got) != want {
		t.Errorf("compacted %s, %v; want %s", got, err, want)
	}
	if p := inPlace(`{"a":1}`); p.of(data) != nil {
		t.Error("bytes outside the body were taken as its")
	}
}
