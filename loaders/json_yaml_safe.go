package loaders

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"ctxlab/internal/safetext"
)

// YAMLReadableJSON rewrites JSON so that yaml.v3, which reads JSON as
// YAML, reads the same values: the keys in their order, every string
// written by encoding/json. A request body as Python's json.dumps writes
// it escapes an emoji as a surrogate pair (\ud83d\udc4d), which YAML's
// \u escape cannot express, and a raw C1 control or DEL, which JSON
// allows, is a character YAML refuses; either made the export of any
// scenario with such a tool fail. Strings come out as UTF-8, and the
// characters YAML refuses (with the bidirectional and zero-width ones)
// as \u escapes, which YAML reads as the same characters.
func YAMLReadableJSON(raw []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out bytes.Buffer
	// open holds, for each object or array not yet closed, how many keys
	// and values were written in it, so a comma or a colon goes between.
	type level struct {
		object  bool
		written int
	}
	var open []level
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			open = open[:len(open)-1]
			out.WriteRune(rune(d))
			continue
		}
		if n := len(open); n > 0 {
			switch l := &open[n-1]; {
			case l.object && l.written%2 == 1:
				out.WriteByte(':') // a value after its key
			case l.written > 0:
				out.WriteByte(',')
			}
			open[n-1].written++
		}
		switch v := tok.(type) {
		case json.Delim:
			out.WriteRune(rune(v))
			open = append(open, level{object: v == '{'})
		case string:
			enc := json.NewEncoder(&out)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(v); err != nil {
				return nil, err
			}
			out.Truncate(out.Len() - 1) // Encode's newline
		case json.Number:
			out.WriteString(v.String())
		case bool:
			if v {
				out.WriteString("true")
			} else {
				out.WriteString("false")
			}
		case nil:
			out.WriteString("null")
		}
	}
	return safetext.EscapeJSON(out.Bytes()), nil
}
