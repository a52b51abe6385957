package trace

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"ctxlab/internal/safetext"
	"ctxlab/loaders"
)

// FormatLineError is a registered format's bad record at a line (0: the
// whole file); what names the record. JSON's syntax and type errors are
// said in the words of the file, not of Go.
func FormatLineError(name string, line int, what string, err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		err = fmt.Errorf("invalid JSON at byte %d", syntax.Offset)
	case errors.As(err, &typeErr) && typeErr.Field == "":
		err = fmt.Errorf("is a JSON %s; expected an object", typeErr.Value)
	case errors.As(err, &typeErr):
		err = fmt.Errorf("%s is a JSON %s; expected %s", typeErr.Field, typeErr.Value, jsonKind(typeErr.Type.Kind().String()))
	}
	return &loaders.Error{Name: name, Line: line, Msg: what, Err: err}
}

// jsonKind names a Go kind as JSON does, with its article.
func jsonKind(k string) string {
	switch k {
	case "slice":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	case "string":
		return "a string"
	}
	return k
}

// QuoteValue quotes a value from a file for an error message: cut short,
// control characters made inert.
func QuoteValue(s string) string {
	if r := []rune(s); len(r) > 60 {
		s = string(r[:60]) + "…"
	}
	return `"` + safetext.Line(strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)) + `"`
}
