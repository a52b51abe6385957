package loaders

import (
	"bytes"
	"encoding/json"
)

// decodeJSONArray decodes input that is one JSON array an element at a
// time. json.Decoder reads a whole value into its own buffer before
// decoding it, so decoding a 50 MB array as one value held the input
// twice (the caller's bytes and the decoder's copy) beside the decoded
// strings; element by element the buffer holds one element.
//
// It reports false for anything else: input that is not an array, an
// array followed by more values, and any error, which the whole-input
// decoder then reports as it always did (its offsets count the
// delimiters this one reads as tokens, so its messages are the ones
// the tests pin).
func decodeJSONArray(data []byte) (tree, bool) {
	start := skipJSONSpace(data, 0)
	if start >= len(data) || data[start] != '[' {
		return tree{}, false
	}
	dec := json.NewDecoder(bytes.NewReader(data[start:]))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return tree{}, false
	}
	list := []any{}
	for dec.More() {
		var v any
		if err := dec.Decode(&v); err != nil {
			return tree{}, false
		}
		list = append(list, normalizeJSON(v))
	}
	if end, err := dec.Token(); err != nil || end != json.Delim(']') {
		return tree{}, false
	}
	if skipJSONSpace(data, start+int(dec.InputOffset())) < len(data) {
		return tree{}, false // more values: a stream, decoded whole
	}
	first := 1 + bytes.Count(data[:start], []byte{'\n'})
	return tree{value: list, syntax: syntaxJSON, first: first}, true
}
