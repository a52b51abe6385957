package jsonout

import (
	"encoding/json"
	"io"
	"unicode/utf8"

	"ctxlab/internal/safetext"
)

// indentChunk is how much indented JSON is gathered before it is made
// safe and written: large enough that writes cost nothing, small enough
// that the indented copy of a large report is never held whole.
const indentChunk = 64 << 10

// Writer indents compact JSON, as an Encoder without SetIndent
// writes it, into the bytes json.Indent(dst, src, "", "  ") would give,
// and passes them on in chunks with safetext.EscapeJSON applied. An
// Encoder that indents holds the compact encoding and the indented copy
// at once; this holds only the compact one. Chunks end where a
// character starts, never inside one, so each is whole for EscapeJSON.
type Writer struct {
	out   io.Writer
	buf   []byte
	depth int
	// open is set after '{' or '[': the line break before the first
	// member waits, so an empty object or array stays "{}" or "[]".
	open     bool
	inString bool
	escaped  bool
}

// NewWriter indents what is written to it onto out, from depth levels
// of two spaces (0 for a document of its own); Flush passes on the rest.
func NewWriter(out io.Writer, depth int) *Writer {
	return &Writer{out: out, buf: make([]byte, 0, indentChunk+256), depth: depth}
}

// Encode writes v as json.MarshalIndent(v, "", "  ") and a line break
// give it, made safe (safetext.EscapeJSON). A value encoding/json
// refuses is an error before anything is written.
func Encode(out io.Writer, v any) error {
	w := NewWriter(out, 0)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		return err
	}
	return w.Flush()
}

func (w *Writer) Write(p []byte) (int, error) {
	for _, c := range p {
		if len(w.buf) >= indentChunk && utf8.RuneStart(c) {
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
				w.depth--
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
			w.depth++
			w.open = true
			w.buf = append(w.buf, c)
		case '}', ']':
			w.depth--
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
	for range w.depth {
		w.buf = append(w.buf, ' ', ' ')
	}
}

// Flush passes on what is gathered; the caller flushes at the end.
func (w *Writer) Flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	_, err := w.out.Write(safetext.EscapeJSON(w.buf))
	w.buf = w.buf[:0]
	return err
}
