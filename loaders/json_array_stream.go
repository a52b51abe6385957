package loaders

import (
	"bytes"
	"encoding/json"
)

// decodeJSONInPlace decodes input that is one JSON array an element at a
// time, or one JSON object a member at a time, and their arrays and
// objects the same way down to inPlaceLevels. json.Decoder reads a whole value into its own buffer before
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
		v, end, ok = decodeArrayInPlace(data, start, inPlaceLevels)
	case '{':
		v, end, ok = decodeObjectInPlace(data, start, inPlaceLevels)
	}
	if !ok || skipJSONSpace(data, end) < len(data) {
		return tree{}, false // not decoded, or more values: a stream, decoded whole
	}
	first := 1 + bytes.Count(data[:start], []byte{'\n'})
	return tree{value: v, syntax: syntaxJSON, first: first}, true
}

// inPlaceLevels is how many levels below the top value an array or an
// object is still decoded a part at a time: a documents file's records
// (an array's objects) and a request's messages (an object's array's
// objects). A record holding a number (a score) was decoded whole by a
// Decoder, which copies it into its buffer first: one 50 MB document in
// a JSON array peaked at 4.1 times the file. Deeper values are decoded
// whole, so each byte is scanned a bounded number of times however
// deeply the input nests.
const inPlaceLevels = 2

// decodePartInPlace decodes the value at data[i], an array or an object
// a part at a time while levels remain and anything else whole, and
// returns where it ends.
func decodePartInPlace(data []byte, i, levels int) (any, int, bool) {
	if levels > 0 && i < len(data) {
		switch data[i] {
		case '[':
			return decodeArrayInPlace(data, i, levels-1)
		case '{':
			return decodeObjectInPlace(data, i, levels-1)
		}
	}
	end, numbers, ok := jsonValueEnd(data, i)
	if !ok {
		return nil, 0, false
	}
	v, ok := decodeJSONElement(data[i:end], numbers)
	return v, end, ok
}

// decodeArrayInPlace decodes the array at data[start] element by
// element (each with decodePartInPlace) and returns where it ends.
func decodeArrayInPlace(data []byte, start, levels int) ([]any, int, bool) {
	list := []any{}
	i := skipJSONSpace(data, start+1)
	if i < len(data) && data[i] == ']' {
		return list, i + 1, true
	}
	for {
		v, end, ok := decodePartInPlace(data, i, levels)
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
// time (each with decodePartInPlace) and returns where it ends: a
// request body is one object whose "messages" are most of it. A key
// given twice keeps its last value, as encoding/json's does.
func decodeObjectInPlace(data []byte, start, levels int) (map[string]any, int, bool) {
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
		v, end, ok = decodePartInPlace(data, i, levels)
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
