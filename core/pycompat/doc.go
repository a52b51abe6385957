// Package pycompat holds the helpers that reproduce Python behaviour: float
// rounding and repr, str.split and str.isspace. They exist because ctxlab
// reproduces the reference (see ARCHITECTURE.md) byte for byte with the
// heuristic tokenizer, and Go's strconv and strings.Fields differ from
// Python at the edges; change them only together with the reference cases
// in core/pipeline/testdata/reference.
package pycompat
