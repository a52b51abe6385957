package cli

import (
	"io"
	"strings"
)

// tableLine writes one line of a table with its trailing blanks dropped,
// as strings.TrimRight(line, " ") would drop them, without holding the
// line: blanks are counted, and written only when text follows them.
type tableLine struct {
	w      io.Writer
	spaces int // blanks not yet written
}

// tableBlanks is written a slice at a time for a run of blanks.
const tableBlanks = "                                                                "

// text writes s after the blanks before it, keeping its own trailing
// blanks back.
func (l *tableLine) text(s string) {
	end := len(strings.TrimRight(s, " "))
	if end > 0 {
		for l.spaces > 0 {
			n := min(l.spaces, len(tableBlanks))
			io.WriteString(l.w, tableBlanks[:n])
			l.spaces -= n
		}
		io.WriteString(l.w, s[:end])
	}
	l.spaces += len(s) - end
}

// blank adds n blanks.
func (l *tableLine) blank(n int) { l.spaces += n }

// end ends the line, dropping the blanks left.
func (l *tableLine) end() {
	io.WriteString(l.w, "\n")
	l.spaces = 0
}
