package cli

import (
	"io"

	"ctxlab/internal/jsonindent"
)

// indentChunk is how much indented JSON is gathered before it is made
// safe and written.
const indentChunk = jsonindent.Chunk

// jsonIndentWriter indents compact JSON into MarshalIndent's bytes, made
// safe for a terminal, a chunk at a time: jsonindent.Writer, which the
// workbench's export shares.
type jsonIndentWriter struct{ *jsonindent.Writer }

func newJSONIndentWriter(out io.Writer) *jsonIndentWriter {
	return &jsonIndentWriter{jsonindent.NewWriter(out)}
}

// flush writes what is gathered; the caller flushes at the end.
func (w *jsonIndentWriter) flush() error { return w.Flush() }
