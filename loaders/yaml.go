package loaders

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"ctxlab/internal/numfmt"
)

// DecodeYAML decodes a single YAML document into generic values. YAML is a
// superset of JSON's data model, so every JSON shape (and VCR cassettes, the
// usual way recorded API traffic is stored) is accepted in YAML too.
func DecodeYAML(name string, data []byte) (Tree, error) {
	if err := YAMLTooLarge(name, data); err != nil {
		return Tree{}, err
	}
	var v any
	empty, more, err := decodeOneYAML(name, data, &v, new(any))
	switch {
	case err != nil:
		return Tree{}, err
	case empty:
		return Tree{}, EmptyError(name, "a YAML document")
	case more:
		return Tree{}, &Error{Name: name, Msg: "more than one YAML document (---); expected one"}
	}
	v, err = normalizeYAML(name, v)
	if err != nil {
		return Tree{}, err
	}
	return Tree{Value: v, Syntax: SyntaxYAML}, nil
}

// decodeOneYAML decodes data's first YAML document into v and reads on
// into extra: more is true when there is a second document, empty when
// there is none. yaml.v3 has panicked on hostile input before
// (CVE-2022-28948); a loader must turn any input into an error, never a
// crash.
func decodeOneYAML(name string, data []byte, v, extra any) (empty, more bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Name: name, Msg: fmt.Sprintf("invalid YAML (parser failed: %v)", r)}
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return true, false, nil
		}
		return false, false, yamlError(name, data, err)
	}
	if err := dec.Decode(extra); !errors.Is(err, io.EOF) {
		if err != nil {
			return false, false, yamlError(name, data, err)
		}
		return false, true, nil
	}
	return false, false, nil
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlCause is a yaml.v3 error with its "yaml: line N:" prefix removed,
// because Error already prints the line; Unwrap keeps the original.
type yamlCause struct {
	msg string
	err error
}

func (c *yamlCause) Error() string { return c.msg }
func (c *yamlCause) Unwrap() error { return c.err }

func yamlError(name string, data []byte, err error) error {
	if placed := YAMLControlError(name, data, err); placed != nil {
		return placed
	}
	msg := err.Error()
	if first, _, found := strings.Cut(msg, "\n"); found {
		msg = first
	}
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{Name: name, Line: line, Msg: "invalid YAML", Err: &yamlCause{msg: m[2], err: err}}
	}
	return &Error{Name: name, Msg: "invalid YAML", Err: &yamlCause{msg: strings.TrimPrefix(msg, "yaml: "), err: err}}
}

// IsYAMLSyntaxError reports whether err says the input is not YAML at all,
// as opposed to YAML that is unusable (two documents, binary strings):
// only the first should fall back to "not a supported format".
func IsYAMLSyntaxError(err error) bool {
	var cause *yamlCause
	return errors.As(err, &cause)
}

// normalizeYAML makes yaml.v3's values look like encoding/json's: maps with
// non-string keys become map[string]any, ints become int64. It also rejects
// strings that are not UTF-8, which !!binary values can produce.
func normalizeYAML(name string, v any) (any, error) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if _, err := normalizeYAML(name, k); err != nil {
				return nil, err
			}
			n, err := normalizeYAML(name, e)
			if err != nil {
				return nil, err
			}
			x[k] = n
		}
		return x, nil
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			n, err := normalizeYAML(name, e)
			if err != nil {
				return nil, err
			}
			key := yamlKey(k)
			if _, err := normalizeYAML(name, key); err != nil {
				return nil, err
			}
			m[key] = n
		}
		return m, nil
	case []any:
		for i, e := range x {
			n, err := normalizeYAML(name, e)
			if err != nil {
				return nil, err
			}
			x[i] = n
		}
		return x, nil
	case int:
		return int64(x), nil
	case uint64:
		if x <= 1<<63-1 {
			return int64(x), nil
		}
		return x, nil
	case string:
		if !utf8.ValidString(x) {
			return nil, &Error{Name: name, Msg: fmt.Sprintf("a YAML value is not valid UTF-8 (invalid byte at offset %s of %q); expected text", numfmt.Thousands(invalidUTF8Offset([]byte(x))), x)}
		}
		return x, nil
	}
	return v, nil
}

func yamlKey(k any) string {
	switch x := k.(type) {
	case string:
		return x
	case nil:
		return "null"
	}
	return fmt.Sprint(k)
}

// MeantAsYAML reports whether input that failed to parse as YAML was
// nonetheless meant as YAML: its name says so, or it opens like a YAML
// document. Such a file gets the syntax error alone, with its line; a list
// of every supported shape would bury it. Other input (prose, a log)
// falls through to YAML only because nothing else matched.
func MeantAsYAML(name string, data []byte) bool {
	if hasYAMLName(name) {
		return true
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		return line == "---" || strings.HasPrefix(line, "--- ") || strings.HasPrefix(line, "%YAML")
	}
	return false
}

// AsYAMLCause rewords a YAML failure as the reason input was not recognised
// at all: when detection falls through to YAML, the input was likely never
// meant as YAML, so the YAML complaint is secondary and must not repeat the
// file name.
func AsYAMLCause(err error) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	if e.Err == nil {
		return errors.New("as YAML: " + e.Msg)
	}
	if e.Line > 0 {
		return fmt.Errorf("as YAML, line %d: %w", e.Line, e.Err)
	}
	return fmt.Errorf("as YAML: %w", e.Err)
}
