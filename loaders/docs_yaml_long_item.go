package loaders

import (
	"bufio"
	"errors"
	"io"

	"gopkg.in/yaml.v3"

	"ctxlab/core/value"
)

// yamlLongItemBytes is the size past which an item of a YAML documents
// file is handed to the parser as it is read rather than held as a
// block first (a variable for the tests). Held, a 50 MB item was in
// memory three times at once: the block, the parser's scalar (grown by
// doubling) and the string made of it, 4.6 times the file at the peak.
var yamlLongItemBytes = 16 << 20

// yamlLongItem reads one long item for the parser: its start, read
// while a block was made, then the file up to the next item's first
// line, which it leaves in the blocks' carry for the next block.
type yamlLongItem struct {
	b         *yamlItemBlocks
	pending   []byte
	lineStart bool
	done      bool  // the item's end is reached
	err       error // the input's own error (a read, the size limit)
	// header, when the format is being detected, judges the file's
	// first line as a CSV header while it passes.
	header *csvFirstRow
}

// errYAMLItemUncut ends a long item at a line no item may hold: the
// whole-file reader then says what it is.
var errYAMLItemUncut = errors.New("a line no item may hold")

// longItem returns the long item next() announced.
func (b *yamlItemBlocks) longItem() *yamlLongItem {
	it := &yamlLongItem{b: b, pending: b.long, lineStart: !b.midLine}
	b.long = nil
	return it
}

func (it *yamlLongItem) Read(p []byte) (int, error) {
	for len(it.pending) == 0 {
		if it.done || it.b.eof {
			it.done = true
			return 0, io.EOF
		}
		// The fragment stays valid until the next read of b.r, which
		// waits until it is all handed on.
		frag, err := it.b.r.ReadSlice('\n')
		if errors.Is(err, io.EOF) {
			it.b.eof = true
		} else if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			it.err = err
			return 0, err
		}
		if it.lineStart && len(frag) > 0 {
			switch it.b.lines.kind(frag) {
			case yamlUncut:
				it.b.uncut = true
				return 0, errYAMLItemUncut
			case yamlItemStart:
				it.b.carry = append(it.b.carry, frag...)
				it.b.midLine = errors.Is(err, bufio.ErrBufferFull)
				it.done = true
				return 0, io.EOF
			}
		}
		it.lineStart = !errors.Is(err, bufio.ErrBufferFull)
		it.pending = frag
	}
	n := copy(p, it.pending)
	if it.header != nil {
		it.header.write(it.pending[:n])
	}
	it.pending = it.pending[n:]
	return n, nil
}

// decodeLongYAMLItem parses one long item as it is read, as
// decodeYAMLRun parses a run of one item, and makes its document: ok is
// false for anything the whole-file reader must judge (then it reads
// the file again and reports it), err the input's own error. first says
// the item is the file's first, which decides the list's shape.
func decodeLongYAMLItem(path string, it *yamlLongItem, first bool) (docs []value.Document, ok bool, err error) {
	item, ok, err := decodeLongYAMLValue(path, it)
	if !ok {
		return nil, false, err
	}
	if it.header != nil {
		if it.b.eof && len(it.b.carry) == 0 {
			it.header.finish()
		}
		if !it.header.decided || !it.header.isYAML {
			return nil, false, nil // CSV, or not judged: the whole-file reader decides
		}
	}
	record, ok := yamlRecord(path, item, first)
	if !ok {
		return nil, false, nil
	}
	return []value.Document{record}, true, nil
}

// decodeLongYAMLValue parses one long item as it is read, as
// decodeYAMLRun parses a run of one item, into its value: ok is false
// for anything the whole-file reader must judge, err the input's own
// error. A value that alone takes the rest of a long line is read by
// longValues into a string of its size, not by yaml.v3.
func decodeLongYAMLValue(path string, it *yamlLongItem) (item any, ok bool, err error) {
	values := newLongValues(it)
	defer func() {
		if recover() != nil {
			item, ok, err = nil, false, it.err
		}
	}()
	dec := yaml.NewDecoder(values)
	var doc yaml.Node
	// The tree first, as for a run holding a '*': an alias may name an
	// anchor elsewhere in the file. Decoding the tree shares its strings.
	decoded := dec.Decode(&doc)
	if it.err != nil {
		return nil, false, it.err
	}
	if decoded != nil || hasYAMLAlias(&doc) {
		return nil, false, nil
	}
	var extra yaml.Node
	if !errors.Is(dec.Decode(&extra), io.EOF) || !it.done {
		return nil, false, it.err
	}
	if !values.fill(&doc) {
		return nil, false, nil
	}
	var v any
	if doc.Decode(&v) != nil {
		return nil, false, nil
	}
	list, isList := v.([]any)
	if !isList || len(list) != 1 {
		return nil, false, nil
	}
	if _, err := normalizeYAML(path, list); err != nil {
		return nil, false, nil
	}
	return list[0], true, nil
}

// yamlRecord makes one item's document: a plain record, and for the
// file's first item one whose shape makes the file a list of them.
func yamlRecord(path string, item any, first bool) (value.Document, bool) {
	obj, isObject := asMap(item)
	if !isObject || (first && detectShape([]any{obj}, false) != FormatJSON) {
		return value.Document{}, false
	}
	doc, err := plainRecord(place{}, path, obj)
	return doc, err == nil
}
