package loaders

import (
	"bytes"
	"errors"
	"io"

	"gopkg.in/yaml.v3"
)

// A YAML file of records is most often one block sequence at column 0
// ("- content: ..."). yaml.v3 builds the node tree of a whole file before
// it makes a single value, and that tree of a 51 MB file of 25,000
// records held some 80 MB beside the file and its values. Cut at its
// items, runs of whole items are parsed one at a time: only one run's
// tree is alive at once. The cut is taken only when it is plainly safe,
// and any run that does not decode cleanly declines it: the whole-file
// parser then reads the file as it always has, with its errors, lines
// and limits.

// yamlLineKind is what the first bytes of a line say about cutting a
// top-level block sequence.
type yamlLineKind int

const (
	// yamlItemStart: "- " or a lone "-" at column 0 begins a top-level item.
	yamlItemStart yamlLineKind = iota
	// yamlItemBody: an indented line, a blank line or a comment at column
	// 0 stays with the item it follows.
	yamlItemBody
	// yamlUncut: anything else at column 0 (a key, "---" but before the
	// first item (yamlLines), "...", a flow
	// collection, a directive, a tab, a bare carriage return, a byte-order
	// mark) is not an item's: the file is not cut.
	yamlUncut
)

// yamlLineKindOf classifies line, a line or at least its first 64 KB.
func yamlLineKindOf(line []byte) yamlLineKind {
	if len(line) == 0 {
		return yamlItemBody
	}
	switch line[0] {
	case ' ', '\n', '#':
		return yamlItemBody
	case '\r':
		if len(line) == 1 || line[1] == '\n' {
			return yamlItemBody
		}
	case '-':
		if len(line) == 1 || line[1] == ' ' || line[1] == '\n' || (line[1] == '\r' && (len(line) == 2 || line[2] == '\n')) {
			return yamlItemStart
		}
	}
	return yamlUncut
}

// yamlLines classifies the lines of a top-level block sequence in order,
// as yamlLineKindOf does, but for one "---" line before the first item:
// the document start marker that Ruby's to_yaml and PyYAML's
// explicit_start write, which otherwise sent the whole file to yaml.v3
// (one 50 MB document so, 3.80-4.18 times the file). It is then a line of the
// first item's.
type yamlLines struct{ begun bool }

func (l *yamlLines) kind(line []byte) yamlLineKind {
	kind := yamlLineKindOf(line)
	if l.begun {
		return kind
	}
	switch {
	case kind == yamlItemStart:
		l.begun = true
	case kind == yamlUncut && isYAMLDocStart(line):
		l.begun = true
		return yamlItemBody
	}
	return kind
}

// isYAMLDocStart reports whether line is a "---" alone (trailing blanks
// allowed) with its line end, or at the input's end.
func isYAMLDocStart(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("---"))
	if !ok {
		return false
	}
	rest = bytes.TrimLeft(rest, " ")
	return len(rest) == 0 || string(rest) == "\n" || string(rest) == "\r\n"
}

// yamlRun is whole top-level items of a sequence, in a row: the lines
// from one item's first to the next run's first item.
type yamlRun struct {
	text  []byte
	items int // how many items text begins
}

// cutYAMLRuns cuts data at the lines that begin a top-level item into
// runs of whole items of about size bytes (an item longer is a run of
// its own); the lines before the first item (blank, comments) go with
// it, so the runs are the whole of data. ok is false for data with no
// item or with any line no item may hold.
//
// A cut is never inside a value that goes on across it: a block scalar or
// a plain one ends at a less indented line, and a quoted scalar or a flow
// collection left open ends its run in an error, which declines the cut.
func cutYAMLRuns(data []byte, size int) (runs []yamlRun, ok bool) {
	run := yamlRun{}
	start := 0
	var lines yamlLines
	for at := 0; at < len(data); {
		end := len(data)
		if i := bytes.IndexByte(data[at:], '\n'); i >= 0 {
			end = at + i + 1
		}
		switch lines.kind(data[at:end]) {
		case yamlUncut:
			return nil, false
		case yamlItemStart:
			if run.items > 0 && at-start >= size {
				run.text = data[start:at]
				runs = append(runs, run)
				run, start = yamlRun{}, at
			}
			run.items++
		}
		at = end
	}
	if run.items == 0 {
		return nil, false
	}
	run.text = data[start:]
	return append(runs, run), true
}

// yamlRunSize is how many bytes of items are parsed at once: yaml.v3's
// tree of a run is alive while it is decoded, several times its size,
// and a parser per item cost half as much again as the parse of the
// whole file. A variable so tests can cut a file into runs of one item.
var yamlRunSize = 1 << 20

// decodeYAMLRun decodes a run of whole items, parsed as a sequence of
// those items so their nesting, and so yaml.v3's depth limit, is what it
// is in the file. ok is false for anything the whole-file parser must
// judge: a syntax error, a value normalizeYAML refuses, more or fewer
// items than the run begins (a carriage return alone breaks a line the
// cut does not see), a panic, and any alias: an alias may name an anchor
// of another run, and yaml.v3 bounds what aliases expand to by counting
// over the whole file, which a run alone cannot.
func decodeYAMLRun(name string, run yamlRun) (items []any, ok bool) {
	defer func() {
		if recover() != nil {
			items, ok = nil, false
		}
	}()
	var v any
	if doc, ok := decodeOneYAMLDocument(run.text); ok {
		// Long lines' values read by longValues, the tree first for the
		// alias check.
		if hasYAMLAlias(&doc) || doc.Decode(&v) != nil {
			return nil, false
		}
		return yamlRunItems(name, v, run.items)
	}
	dec := yaml.NewDecoder(bytes.NewReader(run.text))
	if bytes.IndexByte(run.text, '*') < 0 {
		// No '*', no alias: decoded directly, without the tree first.
		if dec.Decode(&v) != nil {
			return nil, false
		}
	} else {
		var doc yaml.Node
		if dec.Decode(&doc) != nil || hasYAMLAlias(&doc) {
			return nil, false
		}
		if doc.Decode(&v) != nil {
			return nil, false
		}
	}
	// A document can end with no marker (" -\n-" is a list indented by
	// one, then a dash the parser refuses): the whole-file parser reads
	// on to its end, and so does the run's.
	var extra any
	if !errors.Is(dec.Decode(&extra), io.EOF) {
		return nil, false
	}
	return yamlRunItems(name, v, run.items)
}

// yamlRunItems is a run's decoded value as its list of items: ok is
// false unless it is a list of as many items as the run begins, every
// value of which normalizeYAML takes.
func yamlRunItems(name string, v any, items int) ([]any, bool) {
	list, isList := v.([]any)
	if !isList || len(list) != items {
		return nil, false
	}
	if _, err := normalizeYAML(name, list); err != nil {
		return nil, false
	}
	return list, true
}

// hasYAMLAlias reports whether the tree under n holds an alias.
func hasYAMLAlias(n *yaml.Node) bool {
	if n.Kind == yaml.AliasNode {
		return true
	}
	for _, c := range n.Content {
		if hasYAMLAlias(c) {
			return true
		}
	}
	return false
}

// decodeYAMLItems decodes data, a top-level block sequence, a run of
// about runSize bytes of items at a time into the list the whole-file
// parser makes of it; ok is false when it is not cut (cutYAMLRuns) or a
// run declines (decodeYAMLRun).
func decodeYAMLItems(name string, data []byte, runSize int) (items []any, ok bool) {
	runs, ok := cutYAMLRuns(data, runSize)
	if !ok {
		return nil, false
	}
	if len(runs) == 1 {
		return decodeYAMLRun(name, runs[0])
	}
	n := 0
	for _, run := range runs {
		n += run.items
	}
	items = make([]any, 0, n)
	for _, run := range runs {
		list, ok := decodeYAMLRun(name, run)
		if !ok {
			return nil, false
		}
		items = append(items, list...)
	}
	return items, true
}
