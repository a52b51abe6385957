package loaders

import (
	"bytes"
	"encoding/json"
)

// decodeJSONInPlace decodes input that is one JSON array an element at a
// time, or one JSON object a member at a time (its arrays element by
// element). json.Decoder reads a whole value into its own buffer before
// decoding it, so decoding a 50 MB array as one value held the input
// twice (the caller's bytes and the decoder's copy) beside the decoded
// strings. Element by element the buffer holds one element, which for
// a history of one 50 MB message is the input again (and half as much
// more while the buffer doubles): an element without a number, which
// UseNumber would keep apart, is decoded straight from the input by
// json.Unmarshal instead, which gives the same values.
//
// It reports false for anything else: input that is neither, a value
// followed by more values, and any error, which the whole-input
// decoder then reports as it always did (its offsets count the
// delimiters this one reads as tokens, so its messages are the ones
// the tests pin).
func decodeJSONInPlace(data []byte) (tree, bool) {
	start := skipJSONSpace(data, 0)
	if start >= len(data) {
		return tree{}, false
	}
	var v any
	var end int
	var ok bool
	switch data[start] {
	case '[':
		v, end, ok = decodeArrayInPlace(data, start)
	case '{':
		v, end, ok = decodeObjectInPlace(data, start)
	}
	if !ok || skipJSONSpace(data, end) < len(data) {
		return tree{}, false // not decoded, or more values: a stream, decoded whole
	}
	first := 1 + bytes.Count(data[:start], []byte{'\n'})
	return tree{value: v, syntax: syntaxJSON, first: first}, true
}

// decodeArrayInPlace decodes the array at data[start] element by
// element and returns where it ends.
func decodeArrayInPlace(data []byte, start int) ([]any, int, bool) {
	list := []any{}
	i := skipJSONSpace(data, start+1)
	if i < len(data) && data[i] == ']' {
		return list, i + 1, true
	}
	for {
		end, numbers, ok := jsonValueEnd(data, i)
		if !ok {
			return nil, 0, false
		}
		v, ok := decodeJSONElement(data[i:end], numbers)
		if !ok {
			return nil, 0, false
		}
		list = append(list, v)
		i = skipJSONSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipJSONSpace(data, i+1)
			continue
		}
		if i >= len(data) || data[i] != ']' {
			return nil, 0, false
		}
		return list, i + 1, true
	}
}

// decodeObjectInPlace decodes the object at data[start] a member at a
// time, an array member element by element, and returns where it ends:
// a request body is one object whose "messages" are most of it. A key
// given twice keeps its last value, as encoding/json's does.
func decodeObjectInPlace(data []byte, start int) (map[string]any, int, bool) {
	obj := map[string]any{}
	i := skipJSONSpace(data, start+1)
	if i < len(data) && data[i] == '}' {
		return obj, i + 1, true
	}
	for {
		end, _, ok := jsonValueEnd(data, i)
		var key string
		if !ok || data[i] != '"' || json.Unmarshal(data[i:end], &key) != nil {
			return nil, 0, false
		}
		i = skipJSONSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, 0, false
		}
		i = skipJSONSpace(data, i+1)
		var v any
		if i < len(data) && data[i] == '[' {
			v, end, ok = decodeArrayInPlace(data, i)
		} else {
			var numbers bool
			if end, numbers, ok = jsonValueEnd(data, i); ok {
				v, ok = decodeJSONElement(data[i:end], numbers)
			}
		}
		if !ok {
			return nil, 0, false
		}
		obj[key] = v
		i = skipJSONSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipJSONSpace(data, i+1)
			continue
		}
		if i >= len(data) || data[i] != '}' {
			return nil, 0, false
		}
		return obj, i + 1, true
	}
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
