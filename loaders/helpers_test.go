package loaders

import (
	"encoding/json"
	"strings"
	"testing"
)

func writeJSON(t *testing.T, b *strings.Builder, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	b.Write(data)
}

// isControl is a character no error message may carry: C0, DEL and C1.
func isControl(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r < 0xa0)
}
