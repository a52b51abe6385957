// Package jsonindent indents compact JSON as it streams past, in
// bounded chunks made safe for a terminal, for the reports and the
// workbench's export, which write a request of any length.
package jsonindent

import (
	"io"
	"unicode/utf8"

	"ctxlab/internal/safetext"
)

// Chunk is how much indented JSON is gathered before it is made
// safe and written: large enough that writes cost nothing, small enough
// that the indented copy of a 50 MB report is never held whole.
const Chunk = 64 << 10

// Writer indents compact JSON, as an Encoder without SetIndent
// writes it, into the bytes json.Indent(dst, src, "", "  ") would give,
// and passes them on in chunks with safetext.EscapeJSON applied. An
// Encoder that indents holds the compact encoding and the indented copy
// at once; this holds only the compact one. Chunks end where a
// character starts, never inside one, so each is whole for EscapeJSON:
// ending them only before an ASCII byte held a string with none, 50 MB
// of Chinese, whole in the buffer.
type Writer struct {
	out io.Writer
	buf []byte
	// Depth is the nesting the JSON written starts at, for a value
	// written inside another.
	Depth int
	// open is set after '{' or '[': the line break before the first
	// member waits, so an empty object or array stays "{}" or "[]".
	open     bool
	inString bool
	escaped  bool
}

// NewWriter returns a Writer that passes the indented JSON on to out.
func NewWriter(out io.Writer) *Writer {
	return &Writer{out: out, buf: make([]byte, 0, Chunk+256)}
}

func (w *Writer) Write(p []byte) (int, error) {
	for _, c := range p {
		if len(w.buf) >= Chunk && utf8.RuneStart(c) {
			if err := w.Flush(); err != nil {
				return 0, err
			}
		}
		if w.inString {
			w.buf = append(w.buf, c)
			switch {
			case w.escaped:
				w.escaped = false
			case c == '\\':
				w.escaped = true
			case c == '"':
				w.inString = false
			}
			continue
		}
		if w.open {
			w.open = false
			if c == '}' || c == ']' {
				w.Depth--
				w.buf = append(w.buf, c)
				continue
			}
			w.newline()
		}
		switch c {
		case '"':
			w.inString = true
			w.buf = append(w.buf, c)
		case '{', '[':
			w.Depth++
			w.open = true
			w.buf = append(w.buf, c)
		case '}', ']':
			w.Depth--
			w.newline()
			w.buf = append(w.buf, c)
		case ',':
			w.buf = append(w.buf, c)
			w.newline()
		case ':':
			w.buf = append(w.buf, ':', ' ')
		default:
			w.buf = append(w.buf, c)
		}
	}
	return len(p), nil
}

func (w *Writer) newline() {
	w.buf = append(w.buf, '\n')
	for range w.Depth {
		w.buf = append(w.buf, ' ', ' ')
	}
}

// Flush writes what is gathered; the caller flushes at the end.
func (w *Writer) Flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	_, err := w.out.Write(safetext.EscapeJSON(w.buf))
	w.buf = w.buf[:0]
	return err
}
