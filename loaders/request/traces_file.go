package request

import (
	"fmt"
	"strings"

	"ctxlab/loaders"
)

// tracesFileError refuses an OTLP JSON traces file given as a request
// body: its top-level value, or every line of a JSON Lines file, is an
// export with resourceSpans. A traces file holds many requests, one per
// LLM span, so the message says how to pick one. It is nil for any
// other tree.
func tracesFileError(name string, t loaders.Tree) error {
	values := []any{t.Value}
	if t.Syntax == loaders.SyntaxJSONL {
		values, _ = t.Value.([]any)
	}
	if len(values) == 0 {
		return nil
	}
	for _, v := range values {
		obj, ok := loaders.AsMap(v)
		if !ok {
			return nil
		}
		if _, ok := obj["resourceSpans"]; !ok {
			return nil
		}
	}
	if name == "stdin" {
		return &loaders.Error{Name: name, Msg: "is an OTLP JSON traces file, not one request body; " +
			"expected the file by name: --request FILE --span-id ID opens one of its LLM spans (ctxlab traces FILE lists them)"}
	}
	arg := name
	if strings.ContainsAny(arg, " \t\n'\"\\$`*?[]{}()<>|&;!#~") {
		arg = "'" + strings.ReplaceAll(arg, "'", `'\''`) + "'"
	}
	return &loaders.Error{Name: name, Msg: fmt.Sprintf("is an OTLP JSON traces file, not one request body; "+
		"expected --span-id ID to open one of its LLM spans (ctxlab traces %s lists them; ctxlab --traces %s picks one)", arg, arg)}
}
