package loaders

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestErrorFormatting(t *testing.T) {
	cause := io.ErrUnexpectedEOF
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{Name: "a.json", Line: 3, Column: 7, Msg: "invalid JSON", Err: cause}, "a.json: line 3, column 7: invalid JSON: unexpected EOF"},
		{&Error{Name: "a.jsonl", Line: 3, Msg: `score "abc" is not a number`}, `a.jsonl: line 3: score "abc" is not a number`},
		{&Error{Name: "r.json", Record: 4, Msg: "missing"}, "r.json: record 4: missing"},
		{&Error{Name: "r.json", Line: 2, Record: 4, Msg: "line wins"}, "r.json: line 2: line wins"},
		{&Error{Name: "stdin", Msg: "no position"}, "stdin: no position"},
		// Parser messages may quote raw input; it must not break the line
		// or reach the terminal as an escape sequence. It is shown as
		// safetext shows input everywhere (␛, not \u001b).
		{&Error{Name: "x", Msg: "bad \x1b[2J\nnext\ttab\r\u0085 \xff end"}, "x: bad ␛[2J next tab␍<U+0085> \uFFFD end"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
	if !errors.Is(tests[0].err, io.ErrUnexpectedEOF) {
		t.Error("Error does not unwrap to its cause")
	}
}

func TestLineCol(t *testing.T) {
	data := []byte("ab\ncd\n\nxyz")
	tests := []struct{ offset, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {6, 3, 1}, {7, 4, 1}, {9, 4, 3}, {99, 4, 4}, {-1, 1, 1},
	}
	for _, tt := range tests {
		if line, col := lineCol(data, tt.offset); line != tt.line || col != tt.col {
			t.Errorf("lineCol(%d) = %d:%d, want %d:%d", tt.offset, line, col, tt.line, tt.col)
		}
	}
}

// An error quotes a long value's start and says its size, on one line;
// a short value whole.
func TestQuotedShortensALongValue(t *testing.T) {
	if got := Quoted(`a "b"`); got != `"a \"b\""` {
		t.Errorf("quoted a short value as %s", got)
	}
	long := strings.Repeat("é", 100) // 200 bytes: the cut falls inside a character
	got := Quoted(long)
	want := `"` + strings.Repeat("é", 60) + `…" (200 bytes)`
	if got != want {
		t.Errorf("quoted a long value as %s, want %s", got, want)
	}
}
