package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"ctxlab/internal/jsonstring"
)

// longStrings collects the strings of a report that writeJSONSpliced
// writes a window at a time: the report holds a placeholder for each, a
// NUL and the string's number, which no input text holds (every input
// refuses a NUL byte), and which encoding/json writes as "\u0000".
type longStrings struct{ texts [][]string }

// hold returns a placeholder for the string that parts make together.
// Each part must end after a whole character, as Go strings from valid
// UTF-8 input do: each is escaped on its own.
func (l *longStrings) hold(parts ...string) string {
	l.texts = append(l.texts, parts)
	return "\x00" + strconv.Itoa(len(l.texts)-1)
}

// writeJSONSpliced is writeJSON for a value holding placeholders from
// long: the encoder's buffer holds the report without the long strings,
// which are escaped and written a window at a time where their
// placeholders stand. The bytes are writeJSON's of the value holding the
// strings themselves: a longdoc report of one 50 MB chunk held its
// escaped text whole (4.15 times the file at the peak).
func writeJSONSpliced(out io.Writer, v any, long *longStrings) error {
	return writeSpliced(newJSONIndentWriter(out), v, long)
}

// writeSpliced is writeJSONSpliced through w.
func writeSpliced(w *jsonIndentWriter, v any, long *longStrings) error {
	var compact bytes.Buffer
	if err := json.NewEncoder(&compact).Encode(v); err != nil {
		return err
	}
	return splice(w, compact.Bytes(), long)
}

// splice writes compact JSON through w with long's strings where their
// placeholders stand.
func splice(w *jsonIndentWriter, rest []byte, long *longStrings) error {
	next := 0
	for {
		at := bytes.Index(rest, []byte(`"\u0000`))
		if at < 0 {
			break
		}
		end := at + len(`"\u0000`)
		digits := end
		for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
			digits++
		}
		n, err := strconv.Atoi(string(rest[end:digits]))
		if err != nil || n != next || digits >= len(rest) || rest[digits] != '"' {
			return fmt.Errorf("writing JSON: a placeholder out of place at byte %d", at)
		}
		if _, err := w.Write(rest[:at]); err != nil {
			return err
		}
		if err := writeStringWindows(w, long.texts[n]...); err != nil {
			return err
		}
		rest, next = rest[digits+1:], next+1
	}
	if next != len(long.texts) {
		return fmt.Errorf("writing JSON: %d of %d long strings placed", next, len(long.texts))
	}
	if _, err := w.Write(rest); err != nil {
		return err
	}
	return w.flush()
}

// writeStringWindows writes the string parts make together, quoted and
// escaped as encoding/json escapes it, streamWindow bytes at a time.
func writeStringWindows(w io.Writer, parts ...string) error {
	buf := make([]byte, 0, streamWindow+64)
	buf = append(buf, '"')
	for _, s := range parts {
		for i := 0; i < len(s); {
			buf, i = jsonstring.AppendPart(buf, s, i, min(len(s), i+streamWindow))
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(append(buf, '"'))
	return err
}
