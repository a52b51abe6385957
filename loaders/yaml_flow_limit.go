package loaders

import (
	"bytes"
	"fmt"

	"ctxlab/internal/numfmt"
)

// yamlFlowMaxBytes is the largest YAML input ctxlab reads whose top
// value is a flow collection ("[ {content: …}, … ]" or "{…}"). Such a
// file cannot be cut at its items as a block sequence is (yaml_items.go),
// nor its long values read line by line (yaml_long_values.go): yaml.v3
// reads it whole, holding the file, its scalar buffer grown by doubling
// and each string made of it at once. One 50 MB document written so by
// PyYAML (default_flow_style=True, 53.8 MB) peaked at 4.12 times the
// file, over the rule of 4 times; 25,000 documents of 2 KB at 3.6 times.
// The same data in block style or as JSON or JSON Lines is streamed.
// 16 MiB is where an item is streamed rather than held
// (yamlLongItemBytes). A variable for the tests.
var yamlFlowMaxBytes = 16 << 20

// yamlFlowTooLarge refuses, before it is parsed, a YAML input over
// yamlFlowMaxBytes whose first value opens a flow collection, naming
// the line it opens on and what to write instead; nil for any other.
func yamlFlowTooLarge(name string, data []byte) error {
	if len(data) <= yamlFlowMaxBytes {
		return nil
	}
	at, ok := yamlFlowStart(data)
	if !ok {
		return nil
	}
	line, col := lineCol(data, at)
	return &Error{Name: name, Line: line, Column: col, Msg: fmt.Sprintf(
		"a YAML flow collection (%q) of %s bytes, over the %s read in flow style, which the parser holds whole (over 4 times its size); expected it in block style (one \"- \" item a line, as PyYAML's default_flow_style=False writes it) or as JSON or JSON Lines, which are streamed",
		data[at], numfmt.Thousands(len(data)), FormatSize(int64(yamlFlowMaxBytes)))}
}

// yamlFlowStart finds the first value of a YAML input, past blank and
// comment lines, directives and a "---" marker: its offset, and whether
// it opens a flow collection.
func yamlFlowStart(data []byte) (at int, flow bool) {
	for at < len(data) {
		switch c := data[at]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			at++
		case c == '#' || (c == '%' && (at == 0 || data[at-1] == '\n')):
			// A comment or a directive runs to the line's end.
			end := bytes.IndexByte(data[at:], '\n')
			if end < 0 {
				return at, false
			}
			at += end + 1
		case c == '-' && bytes.HasPrefix(data[at:], []byte("---")) && (at == 0 || data[at-1] == '\n') &&
			(at+3 == len(data) || bytes.IndexByte([]byte(" \t\r\n"), data[at+3]) >= 0):
			at += 3
		default:
			return at, c == '[' || c == '{'
		}
	}
	return at, false
}
