package loaders

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"ctxlab/core/value"
	"ctxlab/internal/jsonout"
)

// PlainLine decodes a line holding a record of the plainest shape, the
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
// whitespace.
func PlainLine(line []byte) (doc value.Document, ok bool) {
	d := plainDecoder{s: line}
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
	doc.Metadata = NoMetadata
	return doc, true
}

// NoMetadata is the metadata of every record PlainLine decodes: such a
// record has none, and the general decoder gives each document an empty
// map so that consumers never meet a nil one (its JSON says {}). One map
// shared by all instead of one each saves 48 bytes a document, 48 MB on a
// million records. Nothing writes into a document's metadata: loaders
// add keys (setDefault) only to maps they made, and the pipeline's
// partial and summary copies clone it first;
// TestSharedEmptyMetadataStaysEmpty holds it.
var NoMetadata = map[string]any{}

// plainDecoder reads one line of JSON from s[i:].
type plainDecoder struct {
	s []byte
	i int
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
// quote, once an escape is met at d.i. The string is decoded into a
// builder of its decoded size, measured first, which becomes the string
// without a copy: decoding into a scratch buffer grown by appending and
// then copying it held a 50 MB record's text up to three times over
// (twice in the buffer, once in the string).
func (d *plainDecoder) escapedStr(start int) (string, bool) {
	end, size, ok := d.stringEnd()
	if !ok {
		return "", false
	}
	var out strings.Builder
	out.Grow(d.i - start + size)
	out.Write(d.s[start:d.i])
	for d.i < end {
		if d.s[d.i] != '\\' {
			run := bytes.IndexByte(d.s[d.i:end], '\\')
			if run < 0 {
				run = end - d.i
			}
			out.Write(d.s[d.i : d.i+run])
			d.i += run
			continue
		}
		// stringEnd saw the escaped byte: it is before end.
		esc := d.s[d.i+1]
		d.i += 2
		switch esc {
		case '"', '\\', '/':
			out.WriteByte(esc)
		case 'b':
			out.WriteByte('\b')
		case 'f':
			out.WriteByte('\f')
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		case 't':
			out.WriteByte('\t')
		case 'u':
			r, next, ok := d.unicodeEscape(d.i)
			if !ok {
				return "", false
			}
			d.i = next
			out.WriteRune(r)
		default:
			return "", false
		}
	}
	d.i = end + 1
	return out.String(), true
}

// stringEnd is the index of the quote that closes the string being read
// at d.i, escapes skipped, and how many bytes the string's rest decodes
// to; ok is false at a raw control character (not JSON) or when the line
// ends first. An escape decoding refuses is counted as a byte: the size
// only sizes the decoder's buffer, and that string fails anyway.
func (d *plainDecoder) stringEnd() (end, size int, ok bool) {
	for i := d.i; i < len(d.s); {
		run := i
		for run < len(d.s) && !endsStringRun[d.s[run]] {
			run++
		}
		size += run - i
		if i = run; i == len(d.s) {
			break
		}
		switch c := d.s[i]; {
		case c == '"':
			return i, size, true
		case c < 0x20:
			return 0, 0, false
		case i+1 < len(d.s) && d.s[i+1] == 'u':
			if r, next, ok := d.unicodeEscape(i + 2); ok {
				i = next
				size += utf8.RuneLen(r)
				continue
			}
			fallthrough
		default:
			i += 2 // the escaped byte never closes the string
			size++
		}
	}
	return 0, 0, false
}

// endsStringRun marks the bytes stringEnd stops at: the quote, the
// backslash and the control characters.
var endsStringRun = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// unicodeEscape reads the \u escape whose four hex digits are at s[at:],
// with the low half of a surrogate pair when one follows, as
// encoding/json does: the character (U+FFFD for a lone surrogate, the
// next escape then read on its own) and the index after the escape; ok
// is false for digits that are not hex.
func (d *plainDecoder) unicodeEscape(at int) (r rune, next int, ok bool) {
	if r, ok = d.hex4(at); !ok {
		return 0, 0, false
	}
	at += 4
	if !utf16.IsSurrogate(r) {
		return r, at, true
	}
	if at+1 < len(d.s) && d.s[at] == '\\' && d.s[at+1] == 'u' {
		if low, ok := d.hex4(at + 2); ok {
			if pair := utf16.DecodeRune(r, low); pair != utf8.RuneError {
				return pair, at + 6, true
			}
		}
	}
	return utf8.RuneError, at, true
}

// hex4 reads the four hex digits of a \u escape at s[at:].
func (d *plainDecoder) hex4(at int) (rune, bool) {
	if at+4 > len(d.s) {
		return 0, false
	}
	return jsonout.Hex4(d.s[at : at+4])
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
