package loaders

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
)

// Syntaxes a file can be written in. The shape detection in docs.go and
// history.go works on the generic values these decode to, so every shape
// can arrive as JSON, JSON Lines or YAML.
const (
	SyntaxJSON  = "json"
	SyntaxJSONL = "jsonl"
	SyntaxYAML  = "yaml"
)

// Tree is a decoded input file: one top-level value, or for a stream of
// JSON values (JSON Lines) a []any of them with the line each one starts on.
type Tree struct {
	Value  any
	Syntax string
	Lines  []int // JSON Lines only: 1-based start line of each value
	First  int   // one JSON value: the 1-based line it starts on
}

// at says where the i-th element of the top-level list came from, so errors
// in JSON Lines name a line and errors in arrays name a record.
func (t Tree) At(i int) Place {
	if i < len(t.Lines) {
		return Place{Line: t.Lines[i]}
	}
	return Place{Record: i + 1}
}

// LooksLikeJSON reports whether the input starts like a JSON object or
// array; such input is parsed strictly as JSON so a typo gets a JSON error
// with a position rather than a confusing YAML one.
func LooksLikeJSON(data []byte) bool {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	return len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[')
}

// DecodeJSON decodes one JSON value, or a stream of them (JSON Lines, or
// concatenated pretty-printed objects) into a list.
func DecodeJSON(name string, data []byte) (Tree, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	// UseNumber keeps integers such as ids exact instead of rounding them
	// through float64; NormalizeJSON turns them into int64 or float64.
	dec.UseNumber()
	var values []any
	var lines []int
	// Lines are counted incrementally from the previous value's start, so a
	// large JSON Lines file costs one pass, not one pass per record.
	line, counted := 1, 0
	for {
		start := len(data) - len(bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"))
		if start >= len(data) {
			break
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return Tree{}, jsonError(name, data, err)
		}
		line += bytes.Count(data[counted:start], []byte{'\n'})
		counted = start
		values = append(values, NormalizeJSON(v))
		lines = append(lines, line)
	}
	switch len(values) {
	case 0:
		return Tree{}, EmptyError(name, "JSON")
	case 1:
		return Tree{Value: values[0], Syntax: SyntaxJSON, First: lines[0]}, nil
	}
	return Tree{Value: values, Syntax: SyntaxJSONL, Lines: lines}, nil
}

// jsonError turns a decoder error into one that names the line and column.
func jsonError(name string, data []byte, err error) error {
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		// Offset counts the bytes read including the offending one.
		line, col := lineCol(data, int(syntax.Offset)-1)
		return &Error{Name: name, Line: line, Column: col, Msg: "invalid JSON", Err: err}
	case errors.Is(err, io.ErrUnexpectedEOF):
		// Point just past the last byte of the cut-off value, not at the
		// end of the file, which may be a line that does not exist.
		end := len(bytes.TrimRight(data, " \t\r\n"))
		line, col := lineCol(data, end)
		return &Error{Name: name, Line: line, Column: col, Msg: "invalid JSON: input ends inside a value", Err: err}
	}
	return &Error{Name: name, Msg: "invalid JSON", Err: err}
}

// NormalizeJSON replaces json.Number with int64 when the literal is an
// integer that fits, else float64, so consumers see ordinary Go numbers.
// Integers too large for int64 and literals that overflow float64 stay
// json.Number: converting would silently change them, and json.Number
// still marshals back to the same literal.
func NormalizeJSON(v any) any {
	switch x := v.(type) {
	case json.Number:
		s := string(x)
		if !strings.ContainsAny(s, ".eE") {
			if i, err := strconv.ParseInt(s, 10, 64); err == nil {
				return i
			}
			return x
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
			return x
		}
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = NormalizeJSON(e)
		}
	case []any:
		for i, e := range x {
			x[i] = NormalizeJSON(e)
		}
	}
	return v
}

// DecodeAny decodes JSON when the input starts like JSON (or YAML when
// that fails, DecodeJSONOrYAML) and YAML otherwise.
func DecodeAny(name string, data []byte) (Tree, error) {
	if LooksLikeJSON(data) {
		return DecodeJSONOrYAML(name, data)
	}
	return DecodeYAML(name, data)
}
