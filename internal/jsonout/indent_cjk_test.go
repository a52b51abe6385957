package jsonout

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"ctxlab/internal/safetext"
)

// TestIndentWriterFlushesAStringWithoutASCII: a long string with no ASCII
// byte in it (Chinese without punctuation) is passed on a chunk at a
// time, cut between characters, and the bytes are MarshalIndent's.
func TestIndentWriterFlushesAStringWithoutASCII(t *testing.T) {
	long := strings.Repeat("中文字符", indentChunk) + "\u2028" // no ASCII before the end
	compact, err := json.Marshal(map[string]any{"q": []any{long, "é"}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.MarshalIndent(map[string]any{"q": []any{long, "é"}}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	var got chunks
	w := NewWriter(&got, 0)
	if _, err := w.Write(compact); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.all.Bytes(), safetext.EscapeJSON(want)) {
		t.Fatalf("wrote %.200q...; want %.200q...", got.all.String(), safetext.EscapeJSON(want))
	}
	if got.largest > 2*indentChunk {
		t.Errorf("largest chunk %d bytes; want about %d, the string is %d", got.largest, indentChunk, len(long))
	}
}

type chunks struct {
	all     bytes.Buffer
	largest int
}

func (c *chunks) Write(p []byte) (int, error) {
	c.largest = max(c.largest, len(p))
	return c.all.Write(p)
}

var _ io.Writer = (*chunks)(nil)
