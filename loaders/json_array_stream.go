package loaders

import (
	"bytes"
	"encoding/json"
)

// decodeJSONArray decodes input that is one JSON array an element at a
// time. json.Decoder reads a whole value into its own buffer before
// decoding it, so decoding a 50 MB array as one value held the input
// twice (the caller's bytes and the decoder's copy) beside the decoded
// strings. Element by element the buffer holds one element, which for
// a history of one 50 MB message is the input again (and half as much
// more while the buffer doubles): an element without a number, which
// UseNumber would keep apart, is decoded straight from the input by
// json.Unmarshal instead, which gives the same values.
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
	list := []any{}
	i := skipJSONSpace(data, start+1)
	for first := true; ; first = false {
		if i < len(data) && data[i] == ']' && first {
			break
		}
		end, numbers, ok := jsonValueEnd(data, i)
		if !ok {
			return tree{}, false
		}
		v, ok := decodeJSONElement(data[i:end], numbers)
		if !ok {
			return tree{}, false
		}
		list = append(list, v)
		i = skipJSONSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipJSONSpace(data, i+1)
			continue
		}
		if i >= len(data) || data[i] != ']' {
			return tree{}, false
		}
		break
	}
	if skipJSONSpace(data, i+1) < len(data) {
		return tree{}, false // more values: a stream, decoded whole
	}
	first := 1 + bytes.Count(data[:start], []byte{'\n'})
	return tree{value: list, syntax: syntaxJSON, first: first}, true
}

// decodeJSONElement decodes one element as a Decoder with UseNumber
// does. Without numbers that is json.Unmarshal's result, and Unmarshal
// reads the element where it is, with no buffer of its own.
func decodeJSONElement(element []byte, numbers bool) (any, bool) {
	var v any
	if !numbers {
		if json.Unmarshal(element, &v) != nil {
			return nil, false
		}
		return v, true
	}
	dec := json.NewDecoder(bytes.NewReader(element))
	dec.UseNumber()
	if dec.Decode(&v) != nil || skipJSONSpace(element, int(dec.InputOffset())) < len(element) {
		return nil, false
	}
	return normalizeJSON(v), true
}

// jsonValueEnd finds where the JSON value starting at data[i] ends, and
// whether a number appears in it outside its strings. It only finds the
// extent, counting brackets and skipping strings; the decoder checks
// the value itself, so malformed input is either cut wrongly and
// refused there, or not cut at all (false).
func jsonValueEnd(data []byte, i int) (end int, numbers bool, ok bool) {
	depth := 0
	for j := i; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			for j++; j < len(data) && data[j] != '"'; j++ {
				if data[j] == '\\' {
					j++
				}
			}
			if j >= len(data) {
				return 0, false, false
			}
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return j, numbers, j > i
			}
			depth--
		case c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n':
			if depth == 0 {
				return j, numbers, j > i
			}
		case c == '-' || (c >= '0' && c <= '9'):
			numbers = true
		}
		if depth == 0 && j >= i && (data[j] == '"' || data[j] == '}' || data[j] == ']') {
			return j + 1, numbers, true
		}
	}
	return len(data), numbers, depth == 0 && len(data) > i
}
