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
