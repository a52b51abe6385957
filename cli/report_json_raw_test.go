package cli

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// TestRawJSONIsMarshal: rawJSON writes json.Marshal's bytes for a
// RawMessage, over windows cut anywhere among spaces, escapes, <>& and
// U+2028, and passes Marshal's error on for JSON that is not valid.
func TestRawJSONIsMarshal(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(7))
	pieces := []string{" ", "<", ">", "&", "\u2028", "\u2029", "é", `\"`, `\\`, `\u2028`, "日本", "a b", "\u00e2\u0080"}
	for n := range 40 {
		var b strings.Builder
		b.WriteString("[ {\"k\" : [ ")
		for b.Len() < 1+n*5000 {
			b.WriteString(`"`)
			for range r.Intn(40) {
				b.WriteString(pieces[r.Intn(len(pieces))])
			}
			b.WriteString("\" ,\n\t1.5e3 ,\r\n")
		}
		b.WriteString(" null ] } ]\n")
		raw := json.RawMessage(b.String())
		want, err := json.Marshal(raw)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		s := &compactStream{out: &out}
		s.rawJSON(raw)
		if err := s.flush(); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("case %d: %v; %d bytes, Marshal wrote %d", n, err, out.Len(), len(want))
		}
	}
	s := &compactStream{out: &bytes.Buffer{}}
	s.rawJSON(json.RawMessage(`{"a":`))
	if s.flush() == nil {
		t.Error("invalid JSON was written")
	}
}
