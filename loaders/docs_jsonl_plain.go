package loaders

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"ctxlab/core/value"
)

// plainLine decodes a line holding a record of the plainest shape, the
// one a retrieval export writes a million times: an object whose keys are
// "content" (a string), "score" (a number or null) and "source" (a string
// or null), each at most once, "content" present. It reads the bytes
// directly instead of through encoding/json's generic values and maps,
// which were most of loading a large file. ok is false for any other line
// (another key, a duplicate key, an escaped key, a value of another type,
// a number that needs care, bad JSON); the caller then decodes the line
// in general, so every error and every unusual record reads as before.
// For a line it accepts, the document is the one the general decoder
// makes, byte for byte (TestPlainLineIsTheGeneralDecoding,
// FuzzPlainLine). The line must be valid UTF-8 and trimmed of JSON
// whitespace; scratch is reused between calls for unescaping.
func plainLine(line []byte, scratch *[]byte) (doc value.Document, ok bool) {
	d := plainDecoder{s: line, scratch: scratch}
	doc.Score = 1.0 // the reference's default for a missing score
	var seen [3]bool
	if !d.byte('{') {
		return doc, false
	}
	for {
		d.space()
		key, ok := d.rawKey()
		if !ok {
			return doc, false
		}
		d.space()
		if !d.byte(':') {
			return doc, false
		}
		d.space()
		field := -1
		switch string(key) { // compared without a copy
		case "content":
			field = 0
			doc.Content, ok = d.str()
		case "score":
			field = 1
			if !d.null() {
				doc.Score, ok = d.score()
			}
		case "source":
			field = 2
			if !d.null() {
				doc.Source, ok = d.str()
			}
		}
		if field < 0 || !ok || seen[field] {
			return doc, false
		}
		seen[field] = true
		d.space()
		if d.byte('}') {
			break
		}
		if !d.byte(',') {
			return doc, false
		}
	}
	if d.i != len(d.s) || !seen[0] {
		return doc, false
	}
	// The general decoder gives every document a metadata map, empty here,
	// so consumers never meet a nil one.
	doc.Metadata = map[string]any{}
	return doc, true
}

// plainDecoder reads one line of JSON from s[i:].
type plainDecoder struct {
	s       []byte
	i       int
	scratch *[]byte
}

func (d *plainDecoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\r', '\n':
			d.i++
		default:
			return
		}
	}
}

// byte consumes c if it is next.
func (d *plainDecoder) byte(c byte) bool {
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

// null consumes a null if one is next.
func (d *plainDecoder) null() bool {
	if len(d.s)-d.i >= 4 && string(d.s[d.i:d.i+4]) == "null" {
		d.i += 4
		return true
	}
	return false
}

// rawKey reads a key without escapes.
func (d *plainDecoder) rawKey() ([]byte, bool) {
	if !d.byte('"') {
		return nil, false
	}
	start := d.i
	for d.i < len(d.s) {
		switch c := d.s[d.i]; {
		case c == '"':
			d.i++
			return d.s[start : d.i-1], true
		case c == '\\' || c < 0x20:
			return nil, false
		}
		d.i++
	}
	return nil, false
}

// str reads a string value, unescaping as encoding/json does: a \u
// escape of a lone surrogate becomes U+FFFD, a pair one character.
func (d *plainDecoder) str() (string, bool) {
	if !d.byte('"') {
		return "", false
	}
	start := d.i
	for d.i < len(d.s) {
		c := d.s[d.i]
		if c == '"' {
			d.i++
			return string(d.s[start : d.i-1]), true
		}
		if c == '\\' {
			return d.escapedStr(start)
		}
		if c < 0x20 {
			return "", false // a raw control character is not JSON
		}
		d.i++
	}
	return "", false
}

// escapedStr finishes a string from start, the byte after its opening
// quote, once an escape is met at d.i.
func (d *plainDecoder) escapedStr(start int) (string, bool) {
	out := append((*d.scratch)[:0], d.s[start:d.i]...)
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			*d.scratch = out // kept for the next string
			return string(out), true
		case c < 0x20:
			return "", false
		case c != '\\':
			out = append(out, c)
			d.i++
			continue
		}
		if d.i+1 >= len(d.s) {
			return "", false
		}
		esc := d.s[d.i+1]
		d.i += 2
		switch esc {
		case '"', '\\', '/':
			out = append(out, esc)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := d.hex4(d.i)
			if !ok {
				return "", false
			}
			d.i += 4
			if utf16.IsSurrogate(r) {
				// The next escape completes a pair, or this one stands
				// alone and is replaced, the next read on its own.
				if d.i+1 < len(d.s) && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
					if low, ok := d.hex4(d.i + 2); ok {
						if pair := utf16.DecodeRune(r, low); pair != utf8.RuneError {
							r = pair
							d.i += 6
							out = utf8.AppendRune(out, r)
							continue
						}
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", false
		}
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape at s[at:].
func (d *plainDecoder) hex4(at int) (rune, bool) {
	if at+4 > len(d.s) {
		return 0, false
	}
	var r rune
	for _, c := range d.s[at : at+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// score reads a JSON number as the general decoder turns a score into a
// float: an integer through int64 (so -0 is 0), anything with a fraction
// or an exponent by strconv.ParseFloat. Numbers out of range are left to
// the general decoder, which says what is wrong with them.
func (d *plainDecoder) score() (float64, bool) {
	start := d.i
	d.byte('-')
	if !d.digits() {
		return 0, false
	}
	if d.s[start] == '-' && d.s[start+1] == '0' && d.i-start > 2 || d.s[start] == '0' && d.i-start > 1 {
		return 0, false // a leading zero is not JSON
	}
	integer := true
	if d.byte('.') {
		integer = false
		if !d.digits() {
			return 0, false
		}
	}
	if d.byte('e') || d.byte('E') {
		integer = false
		if !d.byte('+') {
			d.byte('-')
		}
		if !d.digits() {
			return 0, false
		}
	}
	text := string(d.s[start:d.i])
	if integer {
		n, err := strconv.ParseInt(text, 10, 64)
		return float64(n), err == nil
	}
	f, err := strconv.ParseFloat(text, 64)
	return f, err == nil
}

// digits consumes one or more decimal digits.
func (d *plainDecoder) digits() bool {
	start := d.i
	for d.i < len(d.s) && '0' <= d.s[d.i] && d.s[d.i] <= '9' {
		d.i++
	}
	return d.i > start
}
