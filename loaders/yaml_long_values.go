package loaders

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// longValues passes a long item on to yaml.v3 as it is read, with each
// value that alone takes the rest of a line longer than its read buffer
// (longScalarHead) read here instead (longScalarReader), into a string
// of its size, and a short placeholder put in its place: yaml.v3 then
// parses a short item, and fill puts the values in its tree where their
// placeholders are. Anything the reader does not vouch for declines the
// item (errLongValueDeclined), and the whole-file reader judges it.
type longValues struct {
	r         *bufio.Reader
	out       []byte // bytes for the parser
	lineStart bool
	eof       bool
	err       error // the source's own error
	declined  bool
	nonce     string
	values    []string
	styles    []longScalarStyle // how values[i] was written
	keys      []bool            // values[i] is a key ("? key"), not a value
	// plainColumn is the key column of the plain value just read: the
	// next line that is not blank must be no more indented, or the
	// value goes on over it. -1 when no value waits for that.
	plainColumn int
	// held is a block scalar's header not yet given to the parser
	// (yaml_long_block.go); blockColumn the key column of a block just
	// read, which the next line must not pass (-1 when none).
	held        *blockHeld
	blockColumn int
	// pushed is a fragment read after a held header and given back,
	// to be read again once the header is passed on.
	pushed     []byte
	pushedFull bool
	hasPushed  bool
}

// longValueLineBytes is the read buffer's size: a line longer than it
// is a long line (a variable for the tests, which make it 16 bytes, the
// least bufio allows, to have short lines read so).
var longValueLineBytes = 64 << 10

// errLongValueDeclined stops yaml.v3 at a long value longValues does
// not read.
var errLongValueDeclined = errors.New("a long value left to the whole-file reader")

func newLongValues(src io.Reader) *longValues {
	return &longValues{
		r:           bufio.NewReaderSize(src, longValueLineBytes),
		lineStart:   true,
		nonce:       strconv.FormatUint(rand.Uint64(), 36),
		plainColumn: -1,
		blockColumn: -1,
	}
}

func (l *longValues) Read(p []byte) (int, error) {
	for len(l.out) == 0 {
		switch {
		case l.err != nil:
			return 0, l.err
		case l.declined:
			return 0, errLongValueDeclined
		case l.eof && !l.hasPushed && l.held == nil:
			return 0, io.EOF
		}
		frag, full := l.next()
		if l.err != nil {
			return 0, l.err
		}
		if l.held != nil {
			if len(frag) > 0 && !l.declined && l.readBlockLine(frag, full) {
				continue
			}
			// Not a block read here: the header goes on as it is, then
			// frag.
			l.out, l.held = l.held.line, nil
			l.pushed, l.pushedFull, l.hasPushed = frag, full, true
			l.lineStart = true
			continue
		}
		if l.lineStart && len(frag) > 0 {
			l.confirmPlainEnd(frag, full)
			l.confirmBlockEnd(frag)
			if full && !l.declined && l.readLongValue(frag) {
				continue
			}
			if !full && !l.declined && l.holdBlockHead(frag) {
				continue
			}
		}
		l.out = frag
		l.lineStart = !full
	}
	n := copy(p, l.out)
	l.out = l.out[n:]
	return n, nil
}

// next reads the next fragment: a line, or as much of it as the buffer
// holds (full).
func (l *longValues) next() (frag []byte, full bool) {
	if l.hasPushed {
		l.hasPushed = false
		return l.pushed, l.pushedFull
	}
	frag, err := l.r.ReadSlice('\n')
	switch {
	case errors.Is(err, bufio.ErrBufferFull):
		return frag, true
	case errors.Is(err, io.EOF):
		l.eof = true
	case err != nil:
		l.err = err
	}
	return frag, false
}

// confirmPlainEnd checks, at the start of a line, that a plain value
// read before ended with its line: a blank line proves nothing yet, a
// line no more indented than its key ends it, and anything else
// declines.
func (l *longValues) confirmPlainEnd(frag []byte, full bool) {
	if l.plainColumn < 0 {
		return
	}
	indent := 0
	for indent < len(frag) && frag[indent] == ' ' {
		indent++
	}
	rest := frag[indent:]
	if !full && (len(rest) == 0 || rest[0] == '\n' || (rest[0] == '\r' && len(rest) > 1 && rest[1] == '\n')) {
		return // blank
	}
	if indent > l.plainColumn || len(rest) == 0 || rest[0] == '\t' || rest[0] == '\r' {
		l.declined = true
		return
	}
	l.plainColumn = -1
}

// readLongValue reads the value of a long line that starts with frag,
// when longScalarHead recognises it, and makes the line for the parser:
// its head, the placeholder and its line end. false leaves frag as it is.
func (l *longValues) readLongValue(frag []byte) bool {
	head, column, style, isKey, ok := longScalarHead(frag)
	if !ok {
		return false
	}
	keep := head
	if style != longPlain {
		keep-- // the opening quote: the placeholder brings its own
	}
	line := append([]byte(nil), frag[:keep]...)
	line = append(line, l.placeholder(len(l.values))...)
	reader := &longScalarReader{style: style}
	rest, read := l.feedLine(reader, frag[head:], true)
	if !read {
		return true // Read reports it
	}
	value, ok := reader.value()
	if !ok {
		l.declined = true
		return true
	}
	l.values = append(l.values, value)
	l.styles = append(l.styles, style)
	l.keys = append(l.keys, isKey)
	if style == longPlain {
		l.plainColumn = column
	}
	switch {
	case bytes.HasSuffix(rest, []byte("\r\n")):
		line = append(line, '\r', '\n')
	case bytes.HasSuffix(rest, []byte("\n")):
		line = append(line, '\n')
	}
	l.out, l.lineStart = line, true
	return true
}

// placeholder is value i's stand-in, a double-quoted scalar: a NUL
// (which no input holds raw, and an escape would have to spell) and a
// nonce drawn for this item.
func (l *longValues) placeholder(i int) string {
	return fmt.Sprintf(`"\0ctxlab-%s-%d"`, l.nonce, i)
}

// fill puts each value in doc where its placeholder is, reporting
// whether every placeholder was found once, as the value of a mapping
// (or as a key, for a key read after "? "), and a plain value's outside
// any flow collection (where a comma or a bracket would have ended it).
func (l *longValues) fill(doc *yaml.Node) bool {
	if len(l.values) == 0 {
		return true
	}
	prefix := "\x00ctxlab-" + l.nonce + "-"
	found := make([]bool, len(l.values))
	// at is where a node sits: in a mapping as a key or as a value, or
	// elsewhere (the document, a list's item).
	const (
		elsewhere = iota
		asKey
		asValue
	)
	var walk func(n *yaml.Node, inFlow bool, at int) bool
	walk = func(n *yaml.Node, inFlow bool, at int) bool {
		if n.Kind == yaml.ScalarNode && strings.HasPrefix(n.Value, prefix) {
			i, err := strconv.Atoi(n.Value[len(prefix):])
			if err != nil || i < 0 || i >= len(l.values) || found[i] || (l.keys[i] && at != asKey) || (!l.keys[i] && at != asValue) ||
				n.Style != yaml.DoubleQuotedStyle || (l.styles[i] == longPlain && inFlow) {
				return false
			}
			found[i] = true
			// The node as yaml.v3 makes it of the value as written.
			n.Value, n.Style = l.values[i], [...]yaml.Style{0, yaml.SingleQuotedStyle, yaml.DoubleQuotedStyle, yaml.LiteralStyle, yaml.FoldedStyle}[l.styles[i]]
			return true
		}
		inFlow = inFlow || n.Style&yaml.FlowStyle != 0
		for k, c := range n.Content {
			place := elsewhere
			if n.Kind == yaml.MappingNode {
				place = asKey + k%2
				// A key with no value after it ("? key" and no ":")
				// has an empty one placed where the key ends, which the
				// placeholder does not: left to yaml.v3.
				if place == asKey && c.Kind == yaml.ScalarNode && strings.HasPrefix(c.Value, prefix) && k+1 < len(n.Content) {
					if v := n.Content[k+1]; v.Kind == yaml.ScalarNode && v.Value == "" && v.Style == 0 {
						return false
					}
				}
			}
			if !walk(c, inFlow, place) {
				return false
			}
		}
		return true
	}
	if !walk(doc, false, elsewhere) {
		return false
	}
	for _, f := range found {
		if !f {
			return false
		}
	}
	return true
}

// decodeOneYAMLDocument parses data, one YAML document with a line longer
// than longValueLineBytes, into its node tree, the values of long lines
// read by longValues: a scenario, a cassette or a history read whole
// with one 50 MB string then costs that string once beside the file,
// not yaml.v3's growing buffer as well. ok is false for data without a
// long line and for anything but one document longValues vouches for:
// the caller then parses data as before, which says what is wrong.
func decodeOneYAMLDocument(data []byte) (doc yaml.Node, ok bool) {
	if !hasLongLine(data, longValueLineBytes) {
		return yaml.Node{}, false
	}
	defer func() {
		if recover() != nil {
			doc, ok = yaml.Node{}, false
		}
	}()
	values := newLongValues(bytes.NewReader(data))
	dec := yaml.NewDecoder(values)
	if dec.Decode(&doc) != nil {
		return yaml.Node{}, false
	}
	var extra yaml.Node
	if !errors.Is(dec.Decode(&extra), io.EOF) || !values.fill(&doc) {
		return yaml.Node{}, false
	}
	return doc, true
}

// hasLongLine reports whether data has a line longer than n bytes.
func hasLongLine(data []byte, n int) bool {
	for len(data) > n {
		i := bytes.IndexByte(data, '\n')
		if i < 0 || i > n {
			return true
		}
		data = data[i+1:]
	}
	return false
}

// lineReader reads one long line a fragment at a time into its own text.
type lineReader interface {
	feed(frag []byte, last bool)
	failed() bool
	discard()
}

// feedLine feeds r the line that begins with frag (full when more of it
// follows) to its end, or until r fails; last is the last fragment fed.
// read is false when reading the input failed (l.err, which Read
// reports); r's text is then discarded.
func (l *longValues) feedLine(r lineReader, frag []byte, full bool) (last []byte, read bool) {
	for {
		r.feed(frag, !full)
		if r.failed() || !full {
			return frag, true
		}
		frag, full = l.next()
		if l.err != nil {
			r.discard()
			return nil, false
		}
	}
}

func (r *longScalarReader) failed() bool { return r.bad }
func (r *longScalarReader) discard()     { r.text.free() }
func (r *blockLineReader) failed() bool  { return r.bad }
func (r *blockLineReader) discard()      { r.text.free() }
