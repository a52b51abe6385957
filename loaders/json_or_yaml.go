package loaders

import (
	"errors"
	"fmt"
	"strings"
)

// JSON is a subset of YAML, and a YAML flow collection opens as JSON
// does, with '{' or '[': "[ {content: a, score: 0.9} ]" is YAML that is
// not JSON. Detection from the first byte alone took such a file for
// JSON and refused it as invalid JSON.

// DecodeJSONOrYAML decodes data that opens like JSON (LooksLikeJSON):
// as JSON, which reads most such files and reads them as it always has,
// and when that fails as YAML, unless its name says JSON: broken JSON is
// often YAML ("{"content": }" is a null content), and the JSON error
// says where it broke. A file named .yaml or .yml that is neither gets
// the YAML error, any other the JSON error with what YAML said of it. An input over the YAML size
// limit (YAMLTooLarge) is not tried as YAML: a file named as YAML gets
// that refusal, any other its JSON error alone.
func DecodeJSONOrYAML(name string, data []byte) (Tree, error) {
	t, err := DecodeJSON(name, data)
	var jsonErr *Error
	if err == nil || !errors.As(err, &jsonErr) || jsonErr.empty {
		return t, err
	}
	yamlName := hasYAMLName(name)
	if hasJSONName(name) || (!yamlName && YAMLTooLarge(name, data) != nil) {
		return Tree{}, err
	}
	yt, yamlErr := DecodeYAML(name, data)
	if yamlErr == nil {
		return yt, nil
	}
	var first *Error
	other, otherSyntax := yamlComplaint(yamlErr), "YAML"
	if !yamlName || !errors.As(yamlErr, &first) {
		first = jsonErr
	} else {
		other, otherSyntax = jsonComplaint(jsonErr), "JSON"
	}
	both := *first
	both.Err = &notEither{err: first.Err, other: other, syntax: otherSyntax}
	return Tree{}, &both
}

// hasYAMLName reports whether a file's name says it is YAML.
func hasYAMLName(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasSuffix(lower, ".yaml") || strings.HasSuffix(lower, ".yml")
}

// hasJSONName reports whether a file's name says it is JSON or JSON Lines.
func hasJSONName(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasSuffix(lower, ".json") || strings.HasSuffix(lower, ".jsonl") || strings.HasSuffix(lower, ".ndjson")
}

// yamlComplaint is what the YAML parser said of an input, with its line
// and without the file's name, which the JSON error already gives.
func yamlComplaint(err error) string {
	var e *Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	msg := e.Msg
	if e.Err != nil {
		msg = e.Err.Error()
	}
	return placed(e.Line, e.Column, msg)
}

// jsonComplaint is what the JSON parser said of an input, with its line
// and column.
func jsonComplaint(e *Error) string {
	msg := strings.TrimPrefix(e.Msg, "invalid JSON")
	msg = strings.TrimPrefix(msg, ": ")
	if e.Err != nil {
		if msg != "" {
			msg += ": "
		}
		msg += e.Err.Error()
	}
	return placed(e.Line, e.Column, msg)
}

func placed(line, column int, msg string) string {
	switch {
	case line > 0 && column > 0:
		return fmt.Sprintf("line %d, column %d: %s", line, column, msg)
	case line > 0:
		return fmt.Sprintf("line %d: %s", line, msg)
	}
	return msg
}

// notEither is the cause of an error on input that neither JSON nor YAML
// reads: the other syntax's complaint is told after the cause. Unwrap
// keeps the cause.
type notEither struct {
	err    error
	other  string
	syntax string // the other syntax tried
}

func (e *notEither) Error() string {
	msg := "not " + e.syntax + " either (" + e.other + ")"
	if e.err == nil {
		return msg
	}
	return e.err.Error() + "; " + msg
}

func (e *notEither) Unwrap() error { return e.err }
