package window

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"
)

// jsonNode is a JSON value that keeps its object keys in order, which
// the rendering (like the provider) follows.
type jsonNode struct {
	kind  byte // '{', '[', '"', or 'v' for numbers, booleans and null
	keys  []string
	items []*jsonNode // object values (by keys) or array elements
	str   string      // a string's value
	lit   string      // a number, boolean or null as written
}

// text is a string's value, "" for anything else or nothing.
func (n *jsonNode) text() string {
	if n == nil || n.kind != '"' {
		return ""
	}
	return n.str
}

// get is an object's value for key, nil when absent (or not an object).
func (n *jsonNode) get(key string) *jsonNode {
	if n == nil || n.kind != '{' {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.items[i]
		}
	}
	return nil
}

// literal is a scalar as JSON.stringify writes it (<, > and & not
// escaped). A string's is made only when asked for (an enum value): a
// description tens of megabytes long is never wanted that way, and
// keeping it beside its value would hold it twice.
func (n *jsonNode) literal() string {
	if n.kind != '"' {
		return n.lit
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(n.str)
	return string(bytes.TrimSpace(buf.Bytes()))
}

// maxToolDepth bounds the nesting the rendering follows: tool schemas
// are a few levels deep, and a pathological one must not recurse without
// end.
const maxToolDepth = 64

var (
	errToolTooDeep = errors.New("tool definitions nested too deep")
	errToolJSON    = errors.New("tool definitions are not valid JSON")
)

// parseOrderedJSON reads the one JSON value text starts with, in place:
// a string written without escapes is a substring of text, not a copy,
// and there is no decoder buffer holding the text again (a json.Decoder
// refills its buffer by doubling, to twice a 50 MB description).
func parseOrderedJSON(text string) (*jsonNode, error) {
	p := &jsonScan{s: text}
	return p.value(0)
}

// jsonScan is a position in the text parseOrderedJSON reads.
type jsonScan struct {
	s string
	i int
}

func (p *jsonScan) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// next skips space and reports the byte there, 0 at the end.
func (p *jsonScan) next() byte {
	p.space()
	if p.i >= len(p.s) {
		return 0
	}
	return p.s[p.i]
}

func (p *jsonScan) value(depth int) (*jsonNode, error) {
	if depth > maxToolDepth {
		return nil, errToolTooDeep
	}
	switch c := p.next(); c {
	case '{', '[':
		return p.container(c, depth)
	case '"':
		s, err := p.string()
		if err != nil {
			return nil, err
		}
		return &jsonNode{kind: '"', str: s}, nil
	default:
		lit, err := p.scalar()
		if err != nil {
			return nil, err
		}
		return &jsonNode{kind: 'v', lit: lit}, nil
	}
}

// container reads an object or an array, its open byte at p.i.
func (p *jsonScan) container(open byte, depth int) (*jsonNode, error) {
	closing := byte(']')
	if open == '{' {
		closing = '}'
	}
	n := &jsonNode{kind: open}
	p.i++
	if p.next() == closing {
		p.i++
		return n, nil
	}
	for {
		if open == '{' {
			if p.next() != '"' {
				return nil, errToolJSON
			}
			key, err := p.string()
			if err != nil {
				return nil, err
			}
			if p.next() != ':' {
				return nil, errToolJSON
			}
			p.i++
			n.keys = append(n.keys, key)
		}
		child, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		n.items = append(n.items, child)
		switch p.next() {
		case ',':
			p.i++
		case closing:
			p.i++
			return n, nil
		default:
			return nil, errToolJSON
		}
	}
}

// string reads a string, its quote at p.i. One written without escapes
// (and valid UTF-8, which decoding would otherwise repair) is its own
// value: the substring between its quotes.
func (p *jsonScan) string() (string, error) {
	start := p.i
	escaped := false
	for j := start + 1; j < len(p.s); j++ {
		switch c := p.s[j]; {
		case c == '\\':
			escaped = true
			j++ // the escaped byte cannot end the string
		case c < 0x20:
			return "", errToolJSON
		case c == '"':
			p.i = j + 1
			inner := p.s[start+1 : j]
			if !escaped && utf8.ValidString(inner) {
				return inner, nil
			}
			v, ok := decodeJSONString(inner)
			if !ok {
				return "", errToolJSON
			}
			return v, nil
		}
	}
	return "", errToolJSON
}

// scalar reads a number, true, false or null as written, checked by
// encoding/json.
func (p *jsonScan) scalar() (string, error) {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte("+-.0123456789eEtrufalsn", p.s[p.i]) >= 0 {
		p.i++
	}
	lit := p.s[start:p.i]
	if lit == "" || !json.Valid([]byte(lit)) {
		return "", errToolJSON
	}
	return lit, nil
}

// arrayElements cuts a JSON array into its elements' texts, substrings
// of it, or returns nil when text is not an array. The tools component
// counts each definition on its part of the array it holds, instead of
// compacting every definition again into strings of its own.
func arrayElements(text string) []string {
	if len(text) < 2 || text[0] != '[' || text[len(text)-1] != ']' {
		return nil
	}
	var elems []string
	depth, start, inString, escaped := 0, 1, false, false
	for i := 1; i < len(text)-1; i++ {
		c := text[i]
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped = c == '\\'
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		case c == ',' && depth == 0:
			elems = append(elems, strings.TrimSpace(text[start:i]))
			start = i + 1
		}
	}
	if last := strings.TrimSpace(text[start : len(text)-1]); last != "" || len(elems) > 0 {
		elems = append(elems, last)
	}
	return elems
}
