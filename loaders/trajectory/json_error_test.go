package trajectory

import (
	"strings"
	"testing"
)

// Input that opens like JSON, or a file named .json, that JSON cannot
// read is told where its JSON broke, as assemble tells it, not what YAML
// made of it.
func TestBrokenJSONGetsAJSONError(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"cut.json", "{\n  \"messages\": [", "cut.json: line 2, column 16: invalid JSON: input ends inside a value"},
		{"stdin", `{"model": "x", "messages": [}`, "stdin: line 1, column 29: invalid JSON: invalid character '}'"},
		{"cut.json", "model: [", "cut.json: line 1, column 1: invalid JSON"},
	} {
		_, err := ParseBodies(tc.name, []byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "yaml") {
			t.Errorf("%s %q: got %v; want %q", tc.name, tc.data, err, tc.want)
		}
	}
	// YAML that is not JSON keeps the YAML complaint.
	if _, err := ParseBodies("t.yaml", []byte("model: [")); err == nil || !strings.Contains(err.Error(), "is neither JSON nor YAML") {
		t.Errorf("t.yaml: got %v; want the YAML complaint", err)
	}
}
