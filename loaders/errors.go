package loaders

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// Error is bad input at a known place. Its message is always one line of the
// form "NAME: line L, column C: WHAT" or "NAME: record N: WHAT", so the CLI
// can print it as is; callers that need the position use errors.As.
type Error struct {
	Name   string // file path, or "stdin"
	Line   int    // 1-based line; 0 when the position is a record number or unknown
	Column int    // 1-based byte column within Line; 0 when unknown
	Record int    // 1-based record number; used only when Line is 0
	Msg    string // what was wrong and what was expected
	Err    error  // underlying cause, if any

	empty bool // the input held nothing; matches ErrEmpty
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Name)
	switch {
	case e.Line > 0 && e.Column > 0:
		fmt.Fprintf(&b, ": line %d, column %d", e.Line, e.Column)
	case e.Line > 0:
		fmt.Fprintf(&b, ": line %d", e.Line)
	case e.Record > 0:
		fmt.Fprintf(&b, ": record %d", e.Record)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	// Parser messages (YAML's especially) can quote raw input; a message that
	// spans lines or carries escape sequences would break the one-line
	// contract and could drive the terminal, so control characters are
	// escaped here once for every error, in the form the terminal shows
	// input everywhere else (ESC as ␛, line breaks as spaces), so a value
	// quoted in an error never reads \u001b in one message and ␛ in the
	// next.
	return safetext.Line(b.String())
}

func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrEmpty) true for empty input without repeating
// "input is empty" in the message.
func (e *Error) Is(target error) bool { return e.empty && target == ErrEmpty }

// Quoted shows an input value inside an error message: between double
// quotes (a quote or backslash in it escaped, as %q does), control
// characters made inert like Error's. fmt's %q would escape them Go's way
// (\x1b), which reads differently from the ␛ the terminal shows of the
// same input everywhere else. A value longer than quotedMaxBytes shows
// its start and its size: a message is one line a person reads, and a
// 50 MB preset name quoted whole in every label a loader prepared for
// its errors held the file several times over.
func Quoted(s string) string {
	size := ""
	if len(s) > quotedMaxBytes {
		size = " (" + numfmt.Thousands(len(s)) + " bytes)"
		cut := quotedMaxBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
	return `"` + safetext.Line(s) + `"` + size
}

// quotedMaxBytes is how much of a value an error message quotes.
const quotedMaxBytes = 120

// Place says where a record came from: a line (JSON Lines, CSV) or its
// 1-based position in a list (JSON arrays, YAML, nested result lists).
type Place struct {
	Line   int
	Record int
}

func (p Place) Err(name, format string, args ...any) *Error {
	return &Error{Name: name, Line: p.Line, Record: p.Record, Msg: fmt.Sprintf(format, args...)}
}

// lineCol converts a byte offset into a 1-based line and byte column.
func lineCol(data []byte, offset int) (line, col int) {
	if offset < 0 {
		offset = 0
	}
	if offset > len(data) {
		offset = len(data)
	}
	before := data[:offset]
	line = 1 + bytes.Count(before, []byte{'\n'})
	col = offset - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// CheckUTF8 reports the first invalid UTF-8 byte in data. encoding/json and
// yaml.v3 would otherwise replace it with U+FFFD or reject it with no
// position, and the user needs to know where to look.
func CheckUTF8(name string, data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	offset := invalidUTF8Offset(data)
	line, _ := lineCol(data, offset)
	return &Error{Name: name, Line: line,
		Msg: fmt.Sprintf("invalid UTF-8 at byte offset %s (byte 0x%02x); expected UTF-8 text", numfmt.Thousands(offset), data[offset])}
}

func invalidUTF8Offset(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

// CheckStringUTF8 rejects a decoded string that is not UTF-8; YAML's !!binary
// tag can produce one even from a valid file.
func CheckStringUTF8(p Place, name, field, s string) error {
	if utf8.ValidString(s) {
		return nil
	}
	return p.Err(name, "%s is not valid UTF-8 (invalid byte at offset %s of the value)", field, numfmt.Thousands(invalidUTF8Offset([]byte(s))))
}

// ErrEmpty is the cause of every empty-input error, so a caller can tell
// "nothing was given" from "something malformed was given".
var ErrEmpty = errors.New("input is empty")

// EmptyError reports input with nothing but whitespace; expected says what
// should have been there ("documents", "chat messages").
func EmptyError(name, expected string) error {
	return &Error{Name: name, Msg: "input is empty; expected " + expected, empty: true}
}
