package cli

import (
	"encoding/json"
	"unicode/utf8"
)

// rawJSON appends raw as json.Marshal writes a json.RawMessage, a
// window at a time: compacted, with <, >, & and U+2028, U+2029 escaped.
// Marshal would hold the tools array of a request twice more, in its
// buffer grown by doubling and in the copy it returns (a 50 MB tool
// description, 6.2 times the request at the peak). JSON that is not
// valid goes to Marshal, for its error.
func (s *compactStream) rawJSON(raw json.RawMessage) {
	if s.err != nil {
		return
	}
	if !json.Valid(raw) {
		s.value(raw)
		return
	}
	var c rawCompactor
	for i := 0; i < len(raw) && s.err == nil; {
		// A window ends after a whole character: U+2028 is recognized
		// from its three bytes together.
		to := min(len(raw), i+streamWindow)
		for to < len(raw) && !utf8.RuneStart(raw[to]) {
			to++
		}
		s.b = c.appendPart(s.b, raw, i, to)
		i = to
		s.flushIfFull()
	}
}

// rawCompactor is where a compacting of valid JSON stands between
// windows: inside a string or not, after a backslash or not.
type rawCompactor struct {
	inString, escaped bool
}

// appendPart appends src[from:to] compacted and escaped as
// encoding/json's compact does with HTML escaping; bytes past to are
// only looked at.
func (c *rawCompactor) appendPart(dst, src []byte, from, to int) []byte {
	const hex = "0123456789abcdef"
	start := from
	for i := from; i < to; i++ {
		b := src[i]
		switch {
		case b == '<' || b == '>' || b == '&':
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			start = i + 1
		case b == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
			start = i + 3
			i += 2
		case c.escaped:
			c.escaped = false
		case c.inString && b == '\\':
			c.escaped = true
		case b == '"':
			c.inString = !c.inString
		case !c.inString && (b == ' ' || b == '\t' || b == '\n' || b == '\r'):
			dst = append(dst, src[start:i]...)
			start = i + 1
		}
	}
	return append(dst, src[start:to]...)
}
