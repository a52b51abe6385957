package pipeline

import "ctxlab/internal/jsonout"

// jsonStringWindow is how many bytes of a long string are escaped into a
// streaming writer's buffer before it may hand them on. The reference
// lists a cut document whole under "excluded_docs": one 50 MB document
// written as a single string would need its 50 MB again in the buffer
// (and once more for the terminal-safe copy of the piece). In windows
// the buffer stays a piece, at most pieceSize plus a window escaped
// (six bytes a byte for control characters).
const jsonStringWindow = 32 << 10

// str writes s as a JSON string. A string longer than the writer's
// window is escaped a window at a time, with the bytes ready emitted
// between windows, so its encoding is never held whole; the bytes are
// those jsonout.Append writes, since every window ends after a whole
// character of s.
func (w *jsonWriter) str(s string) {
	if w.stringWindow <= 0 || len(s) <= w.stringWindow {
		w.b = jsonout.Append(w.b, s)
		return
	}
	w.b = append(w.b, '"')
	for i := 0; i < len(s) && w.err == nil; {
		w.b, i = jsonout.AppendPart(w.b, s, i, min(len(s), i+w.stringWindow))
		w.flushIfFull()
	}
	w.b = append(w.b, '"')
}
