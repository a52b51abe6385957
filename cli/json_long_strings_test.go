package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteJSONSplicedIsWriteJSON: a report whose strings are
// spliced in a window at a time is byte for byte the one writeJSON
// writes of the strings themselves: HTML characters, controls, C1
// controls, U+2028, wide characters and quotes in them, cut across
// windows; and a report without long strings is unchanged.
func TestWriteJSONSplicedIsWriteJSON(t *testing.T) {
	type chunk struct {
		Index int    `json:"index"`
		Text  string `json:"text"`
	}
	piece := "a <b> & \"c\" \\ \x1b[31m \u009b \u2028 漢字 🙂 \t\n"
	texts := []string{strings.Repeat(piece, 5_000), "short <&>", strings.Repeat("x", 100), strings.Repeat(piece, 3)}
	var plain, held []chunk
	var long longStrings
	for i, text := range texts {
		plain = append(plain, chunk{i, text})
		held = append(held, chunk{i, long.hold(text)})
	}
	for _, c := range []struct {
		name      string
		want, got any
		long      *longStrings
	}{
		{"long strings", map[string]any{"chunks": plain, "after": "z"}, map[string]any{"chunks": held, "after": "z"}, &long},
		{"none", plain[1:2], plain[1:2], &longStrings{}},
	} {
		var want, got bytes.Buffer
		if err := writeJSON(&want, c.want); err != nil {
			t.Fatal(err)
		}
		if err := writeJSONSpliced(&got, c.got, c.long); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: spliced JSON differs from writeJSON's (%d bytes, want %d)", c.name, got.Len(), want.Len())
		}
	}
}
