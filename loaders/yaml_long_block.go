package loaders

import (
	"bytes"
	"unicode/utf8"
)

// PyYAML's default_style='|' writes a string as a literal block scalar,
// and one with no line break in it is a single line under its key:
//
//	- "content": |-
//	    one 50 MB line
//
// yaml.v3 grew its scalar buffer by doubling over that line and made a
// string of it, 3.76-3.86 times the file. longValues reads such a line
// itself when it is the only line of the block (the next line is no
// more indented than the key): the value is the line past its
// indentation, with one line break after it unless the header strips it
// ("-"). Anything else (blank lines after it, a second line, "+", an
// indentation indicator, a comment) is left to yaml.v3.

// blockScalarHead matches a whole line that gives one key a literal or
// folded block scalar, "  - key: |-" or `- "key": >`: at is where the
// indicator begins, column the key's, strip whether "-" follows it.
func blockScalarHead(line []byte) (at, column int, style longScalarStyle, strip, ok bool) {
	i := itemKeyColumn(line)
	column = i
	quoted := i < len(line) && line[i] == '"'
	if quoted {
		i++
	}
	start := i
	for i < len(line) && (isKeyStart(line[i]) || (line[i] >= '0' && line[i] <= '9') || (quoted && line[i] == ' ')) {
		i++
	}
	if i == start || (quoted && (i >= len(line) || line[i] != '"')) {
		return 0, 0, 0, false, false
	}
	if quoted {
		i++
	}
	if i+1 >= len(line) || line[i] != ':' || line[i+1] != ' ' {
		return 0, 0, 0, false, false
	}
	for i += 2; i < len(line) && line[i] == ' '; i++ {
	}
	at = i
	switch {
	case i < len(line) && line[i] == '|':
		style = longLiteral
	case i < len(line) && line[i] == '>':
		style = longFolded
	default:
		return 0, 0, 0, false, false
	}
	i++
	if i < len(line) && line[i] == '-' {
		strip = true
		i++
	}
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if rest := line[i:]; string(rest) != "\n" && string(rest) != "\r\n" {
		return 0, 0, 0, false, false
	}
	return at, column, style, strip, true
}

// blockLineReader reads the one line of a block scalar, fragment by
// fragment, into a text of its exact size; bad for anything yaml.v3
// would read otherwise or refuse: a character it does not take raw, a
// line break other than the line's end.
type blockLineReader struct {
	text  chunkedText
	carry []byte // an incomplete character from the last fragment
	buf   []byte
	bad   bool
}

// feed reads the next fragment; last says it ends the line.
func (r *blockLineReader) feed(frag []byte, last bool) {
	data := frag
	if len(r.carry) > 0 {
		r.buf = append(append(r.buf[:0], r.carry...), frag...)
		data = r.buf
		r.carry = r.carry[:0]
	}
	if last {
		switch {
		case bytes.HasSuffix(data, []byte("\r\n")):
			data = data[:len(data)-2]
		case bytes.HasSuffix(data, []byte("\n")):
			data = data[:len(data)-1]
		}
	}
	start := 0
	for i := 0; i < len(data) && !r.bad; {
		c := data[i]
		if c < utf8.RuneSelf {
			if c == '\r' && i == len(data)-1 && !last {
				// whether '\n' follows is in the next fragment
				r.text.write(data[start:i])
				r.carry = append(r.carry, c)
				return
			}
			if c != '\t' && (c < 0x20 || c == 0x7F) {
				r.bad = true // a control, or a line break inside the line
			}
			i++
			continue
		}
		rn, size := utf8.DecodeRune(data[i:])
		if rn == utf8.RuneError && size <= 1 {
			if !last && !utf8.FullRune(data[i:]) {
				r.text.write(data[start:i])
				r.carry = append(r.carry, data[i:]...)
				return
			}
			r.bad = true
			continue
		}
		// NEL, LS and PS break lines for yaml.v3; C1 controls and
		// U+FEFF, U+FFFE, U+FFFF it refuses or may drop.
		if rn < 0xA0 || rn == 0x2028 || rn == 0x2029 || rn == 0xFEFF || rn >= 0xFFFE && rn <= 0xFFFF {
			r.bad = true
		}
		i += size
	}
	if !r.bad {
		r.text.write(data[start:])
	}
}

// blockHeld is a block scalar's header line held back from the parser
// until the next line says whether longValues reads the block.
type blockHeld struct {
	line   []byte
	at     int // the indicator's offset in line
	column int // the key's
	style  longScalarStyle
	strip  bool
}

// holdBlockHead holds frag, a whole line, when it is a block scalar's
// header.
func (l *longValues) holdBlockHead(frag []byte) bool {
	at, column, style, strip, ok := blockScalarHead(frag)
	if !ok {
		return false
	}
	l.held = &blockHeld{line: append([]byte(nil), frag...), at: at, column: column, style: style, strip: strip}
	return true
}

// readBlockLine reads the line after a held header, frag its start,
// when it is long and more indented than the key: the block's value is
// read here and the parser given the header with the placeholder in the
// indicator's place. false leaves frag, and the header, to the parser.
func (l *longValues) readBlockLine(frag []byte, full bool) bool {
	h := l.held
	indent := 0
	for indent < len(frag) && frag[indent] == ' ' {
		indent++
	}
	// A tab or a blank line first is left to yaml.v3, which may call it
	// an error or read on past it.
	if !full || indent <= h.column || indent >= len(frag) || frag[indent] == '\t' || frag[indent] == '\n' || frag[indent] == '\r' {
		return false
	}
	reader := &blockLineReader{}
	rest, read := l.feedLine(reader, frag[indent:], full)
	if !read {
		return true // Read reports it
	}
	if reader.bad {
		reader.text.free()
		l.declined = true
		return true
	}
	if !h.strip && bytes.HasSuffix(rest, []byte("\n")) {
		reader.text.writeByte('\n') // clip keeps the line's break, when it has one
	}
	l.values = append(l.values, reader.text.string())
	l.styles = append(l.styles, h.style)
	l.keys = append(l.keys, false)
	// The header with the placeholder in the indicator's place, then the
	// block's line as a blank one, so that the lines after keep their
	// numbers.
	line := append(h.line[:h.at:h.at], l.placeholder(len(l.values)-1)...)
	if bytes.HasSuffix(h.line, []byte("\r\n")) {
		line = append(line, '\r')
	}
	line = append(line, '\n')
	switch {
	case bytes.HasSuffix(rest, []byte("\r\n")):
		line = append(line, '\r', '\n')
	case bytes.HasSuffix(rest, []byte("\n")):
		line = append(line, '\n')
	}
	l.out, l.lineStart, l.held = line, true, nil
	l.blockColumn = h.column
	return true
}

// confirmBlockEnd checks, at the start of the line after a block read
// by readBlockLine, that the block ended with its line: the line must
// hold something no more indented than the key. A blank line (spaces
// past the indentation are text of a literal block) or a more indented
// one declines.
func (l *longValues) confirmBlockEnd(frag []byte) {
	if l.blockColumn < 0 {
		return
	}
	column := l.blockColumn
	l.blockColumn = -1
	indent := 0
	for indent < len(frag) && frag[indent] == ' ' {
		indent++
	}
	if indent > column || indent >= len(frag) || frag[indent] == '\n' || frag[indent] == '\r' || frag[indent] == '\t' {
		l.declined = true
	}
}
