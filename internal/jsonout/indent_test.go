package jsonout

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"ctxlab/internal/safetext"
)

// Encode's bytes are MarshalIndent's, made safe, and a line break,
// for values with empty and nested containers, escapes, characters a
// terminal would act on, and strings longer than a chunk.
func TestWriteJSONIsMarshalIndent(t *testing.T) {
	long := strings.Repeat("é\"\\ <tag> & \u202e\u009b ", indentChunk/8)
	values := []any{
		map[string]any{},
		[]any{},
		map[string]any{"a": []any{}, "b": map[string]any{}, "c": []any{1, "two", nil, true, 2.5}},
		[]any{[]any{[]any{map[string]any{"x": "y"}}}},
		map[string]any{"quote": `he said "hi" \ bye`, "long": long, "raw": json.RawMessage(` { "k" : [ 1 , 2 ] } `)},
		strings.Repeat("x", 3*indentChunk),
		"",
		42,
	}
	for i, v := range values {
		want, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		want = append(safetext.EscapeJSON(want), '\n')
		var got bytes.Buffer
		if err := Encode(&got, v); err != nil {
			t.Fatalf("value %d: %v", i, err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("value %d: got %d bytes, want %d; first difference at %d", i, got.Len(), len(want), firstDiff(got.Bytes(), want))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// A value JSON cannot hold is an error, and nothing is written.
func TestWriteJSONRefusesWithoutWriting(t *testing.T) {
	var got bytes.Buffer
	if err := Encode(&got, map[string]any{"f": func() {}}); err == nil || got.Len() != 0 {
		t.Errorf("err %v, %d bytes written; want an error and nothing", err, got.Len())
	}
}
