package loaders

import "unicode/utf8"

// longScalarStyle is how a long value is written on its line.
type longScalarStyle byte

const (
	longPlain longScalarStyle = iota
	longSingleQuoted
	longDoubleQuoted
	// A block scalar's one line (yaml_long_block.go).
	longLiteral
	longFolded
)

// longScalarHead matches the start of a line that gives one simple key
// its value on the same line, "  - key: value": the indentation, any
// "- " entries, a key of letters, digits and underscores, a colon and
// spaces, then a value that opens as a double- or single-quoted scalar
// or as a plain one starting with a letter. head is where the value's
// text begins (after an opening quote), column the key's, which a plain
// value's next line must not pass.
//
// It also matches an explicit key, "  ? key": a key longer than 1,024
// characters can only be written so (yaml.v3 refuses a longer implicit
// one), and so PyYAML writes a long preset or model name. Then isKey is
// true and column is the question mark's, which a plain key's next line
// (": value") must not pass either.
func longScalarHead(line []byte) (head, column int, style longScalarStyle, isKey, ok bool) {
	i := itemKeyColumn(line)
	column = i
	if i+1 < len(line) && line[i] == '?' && line[i+1] == ' ' {
		isKey = true
		for i += 2; i < len(line) && line[i] == ' '; i++ {
		}
	} else {
		if i >= len(line) || !isKeyStart(line[i]) {
			return 0, 0, 0, false, false
		}
		for i < len(line) && (isKeyStart(line[i]) || (line[i] >= '0' && line[i] <= '9')) {
			i++
		}
		if i+1 >= len(line) || line[i] != ':' || line[i+1] != ' ' {
			return 0, 0, 0, false, false
		}
		for i += 2; i < len(line) && line[i] == ' '; i++ {
		}
	}
	if i >= len(line) {
		return 0, 0, 0, false, false
	}
	switch c := line[i]; {
	case c == '"':
		return i + 1, column, longDoubleQuoted, isKey, true
	case c == '\'':
		return i + 1, column, longSingleQuoted, isKey, true
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf:
		// A letter has no meaning for a plain scalar's start, and a
		// long plain value that starts with one can only be a string.
		return i, column, longPlain, isKey, true
	}
	return 0, 0, 0, false, false
}

func isKeyStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// longScalarReader decodes one long value's text as yaml.v3 scans it
// when the value is all on its line, fragment by fragment, into a text
// of its exact size (chunkedText). It refuses (bad) anything yaml.v3
// might read otherwise, or call an error: a line break other than the
// line's end (a carriage return alone, NEL, LS, PS), a character yaml.v3
// refuses or this reader does not vouch for (controls, U+FEFF, a tab in
// a plain value), an escape yaml.v3 does not know, and for a plain value
// ": ", " #" or a value that goes on after the line.
type longScalarReader struct {
	style longScalarStyle
	text  chunkedText
	carry []byte // an incomplete character or escape from the last fragment
	buf   []byte
	// closed says a quoted value's closing quote was read; after it
	// only spaces may follow on the line.
	closed bool
	// spaces are a plain value's blanks not yet written: they are kept
	// only when a character follows on the line.
	spaces int
	// quote says a single-quoted value's last character was a quote,
	// which a second quote makes one quote and anything else closes.
	quote bool
	bad   bool
	ended bool // the line's end was read
}

// feed reads the next fragment of the line; last says it ends the line
// (it ends with '\n', or the input ends).
func (r *longScalarReader) feed(frag []byte, last bool) {
	data := frag
	if len(r.carry) > 0 {
		r.buf = append(append(r.buf[:0], r.carry...), frag...)
		data = r.buf
		r.carry = r.carry[:0]
	}
	used := r.read(data, last)
	if !r.bad && used < len(data) {
		if last {
			r.bad = true // an incomplete character or escape at the end
			return
		}
		r.carry = append(r.carry, data[used:]...)
	}
	if last {
		r.ended = true
		if r.quote { // the line ends with the closing quote
			r.quote, r.closed = false, true
		}
		if r.style != longPlain && !r.closed {
			r.bad = true // a quoted value goes on to the next line
		}
	}
}

// read reads data, returning how much it used: all but an incomplete
// character or escape at its end when more follows.
func (r *longScalarReader) read(data []byte, last bool) int {
	start := 0 // the span of plain characters not yet written
	flush := func(end int) {
		if end > start {
			r.text.write(data[start:end])
		}
	}
	for i := 0; i < len(data); {
		if r.bad {
			return len(data)
		}
		c := data[i]
		if r.closed {
			switch {
			case c == ' ':
				i++
			case c == '\r' && i+1 < len(data) && data[i+1] == '\n', c == '\n' && i == len(data)-1:
				i++
			case c == '\r' && i+1 == len(data) && !last:
				return i
			default:
				r.bad = true
			}
			start = i
			continue
		}
		if r.quote {
			// A single-quoted value's quote: a second makes one quote,
			// anything else follows the closing one.
			r.quote = false
			if c == '\'' {
				r.text.writeByte('\'')
				i++
				start = i
				continue
			}
			r.closed = true
			start = i
			continue
		}
		if c >= utf8.RuneSelf {
			rn, size := utf8.DecodeRune(data[i:])
			if rn == utf8.RuneError && size <= 1 {
				if !last && !utf8.FullRune(data[i:]) {
					flush(i)
					return i
				}
				r.bad = true
				continue
			}
			// NEL, LS and PS break lines for yaml.v3; C1 controls and
			// U+FEFF, U+FFFE, U+FFFF it refuses or may drop.
			if rn < 0xA0 || rn == 0x2028 || rn == 0x2029 || rn == 0xFEFF || rn >= 0xFFFE && rn <= 0xFFFF {
				r.bad = true
				continue
			}
			if r.style == longPlain && r.spaces > 0 {
				flush(i)
				r.writeSpaces()
				start = i
			}
			i += size
			continue
		}
		switch r.style {
		case longDoubleQuoted:
			switch {
			case c == '"':
				flush(i)
				r.closed = true
				i++
				start = i
				continue
			case c == '\\':
				flush(i)
				n := r.escape(data[i:], last)
				if n == 0 {
					return i // an escape cut by the fragment's end
				}
				i += n
				start = i
				continue
			case c == '\t' || c >= 0x20 && c < 0x7F:
				i++
				continue
			}
			r.bad = true // a control, or a line end before the closing quote
		case longSingleQuoted:
			switch {
			case c == '\'':
				if i+1 == len(data) && !last {
					flush(i)
					return i // whether a second quote follows is in the next fragment
				}
				flush(i)
				r.quote = true
				i++
				start = i
				continue
			case c == '\t' || c >= 0x20 && c < 0x7F:
				i++
				continue
			}
			r.bad = true
		case longPlain:
			switch {
			case c == ' ':
				flush(i)
				r.spaces++
				i++
				start = i
				continue
			case c == '\n' && i == len(data)-1, c == '\r' && i+2 == len(data) && data[i+1] == '\n':
				flush(i)
				return len(data) // the line's end: blanks before it are dropped
			case c == '\r' && i+1 == len(data) && !last:
				flush(i)
				return i
			case c == '#' && r.spaces > 0, c == ':' && (i+1 == len(data) || data[i+1] == ' ' || data[i+1] == '\n' || data[i+1] == '\r' || data[i+1] == '\t'):
				if c == ':' && i+1 == len(data) && !last {
					flush(i)
					return i // what follows the colon is in the next fragment
				}
				r.bad = true // a comment or a mapping on the line
				continue
			case c >= 0x20 && c < 0x7F:
				if r.spaces > 0 {
					flush(i)
					r.writeSpaces()
					start = i
				}
				i++
				continue
			}
			r.bad = true // a tab, a control or a line end that is not the line's
		}
	}
	flush(len(data))
	return len(data)
}

func (r *longScalarReader) writeSpaces() {
	for ; r.spaces > 0; r.spaces-- {
		r.text.writeByte(' ')
	}
}

// escape reads the escape at data[0] ('\\') as yaml.v3 does, returning
// its length: 0 when data ends before it does and more follows.
func (r *longScalarReader) escape(data []byte, last bool) int {
	if len(data) < 2 {
		if !last {
			return 0
		}
		r.bad = true
		return len(data)
	}
	if text, ok := simpleEscape(data[1]); ok {
		r.text.writeString(text)
		return 2
	}
	digits := 0
	switch data[1] {
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		r.bad = true // unknown, or an escaped line break: the value goes on
		return len(data)
	}
	if len(data) < 2+digits {
		if !last {
			return 0
		}
		r.bad = true
		return len(data)
	}
	value := 0
	for _, h := range data[2 : 2+digits] {
		d := hexValue(h)
		if d < 0 {
			r.bad = true
			return len(data)
		}
		value = value<<4 + d
	}
	if value >= 0xD800 && value <= 0xDFFF || value > 0x10FFFF {
		r.bad = true
		return len(data)
	}
	var rn [utf8.UTFMax]byte
	r.text.write(rn[:utf8.EncodeRune(rn[:], rune(value))])
	return 2 + digits
}

// simpleEscape is what yaml.v3 makes of a one-character escape.
func simpleEscape(c byte) (string, bool) {
	switch c {
	case '0':
		return "\x00", true
	case 'a':
		return "\a", true
	case 'b':
		return "\b", true
	case 't', '\t':
		return "\t", true
	case 'n':
		return "\n", true
	case 'v':
		return "\v", true
	case 'f':
		return "\f", true
	case 'r':
		return "\r", true
	case 'e':
		return "\x1b", true
	case ' ':
		return " ", true
	case '"':
		return "\"", true
	case '\'':
		return "'", true
	case '\\':
		return "\\", true
	case 'N':
		return "\u0085", true
	case '_':
		return "\u00a0", true
	case 'L':
		return "\u2028", true
	case 'P':
		return "\u2029", true
	}
	return "", false
}

func hexValue(h byte) int {
	switch {
	case h >= '0' && h <= '9':
		return int(h - '0')
	case h >= 'a' && h <= 'f':
		return int(h-'a') + 10
	case h >= 'A' && h <= 'F':
		return int(h-'A') + 10
	}
	return -1
}

// value is the value read, once the line has ended and nothing was bad.
func (r *longScalarReader) value() (string, bool) {
	if r.bad || !r.ended || (r.style == longSingleQuoted && r.quote && !r.closed) {
		r.text.free()
		return "", false
	}
	return r.text.string(), true
}

// itemKeyColumn is where a line's key begins: past its indentation and
// the "- " of every list item it opens.
func itemKeyColumn(line []byte) int {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	for i+1 < len(line) && line[i] == '-' && line[i+1] == ' ' {
		i += 2
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	return i
}
