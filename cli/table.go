package cli

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"ctxlab/internal/safetext"
)

// writeTable prints rows in aligned columns, two spaces apart, indented by
// two spaces. align gives each column's alignment, 'l' or 'r'; columns
// beyond it are right-aligned. Widths count runes, so ✂ and ▲ align.
func writeTable(w io.Writer, rows [][]string, align string) {
	writeTableRows(w, len(rows), func(i int) []string { return rows[i] }, align, nil)
}

// writeTableFromInput is writeTable whose columns marked in fromInput hold
// text from input as it is: each of their cells is measured and written
// as safetext.Line makes it, a window at a time. No line or padded cell
// is built, so a cell as long as its input is never copied: a metrics
// log's 50 MB use case was sanitized, padded, built into its line and
// copied into fmt's buffer, 5.4 times the log at the peak.
func writeTableFromInput(w io.Writer, rows [][]string, align string, fromInput []bool) {
	writeTableRows(w, len(rows), func(i int) []string { return rows[i] }, align, fromInput)
}

// writeTableRows is writeTableFromInput over n rows made by cells, each
// made once to measure the columns and again to be written, so a table
// of 505,051 presets is never held.
func writeTableRows(w io.Writer, n int, cells func(i int) []string, align string, fromInput []bool) {
	var parts [][]string // reused: each row's cells are used before the next is made
	writeTableParts(w, n, func(i int) [][]string {
		parts = parts[:0]
		row := cells(i)
		for c := range row {
			parts = append(parts, row[c:c+1])
		}
		return parts
	}, align, fromInput)
}

// writeTableParts is writeTableRows whose cells are each given in parts,
// written one after another as their join would be: a cell from input
// made of a short label and a long name is not joined to be written.
// Every part must end where a character ends.
func writeTableParts(w io.Writer, n int, cells func(i int) [][]string, align string, fromInput []bool) {
	isInput := func(col int) bool { return col < len(fromInput) && fromInput[col] }
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	line := tableLine{w: bw}
	var widths []int
	for r := range n {
		for i, cell := range cells(r) {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], partsWidth(cell, isInput(i), &line.buf))
		}
	}
	for r := range n {
		line.spaces = 2
		for i, cell := range cells(r) {
			if i > 0 {
				line.spaces += 2
			}
			pad := widths[i] - partsWidth(cell, isInput(i), &line.buf)
			left := i < len(align) && align[i] == 'l'
			if !left {
				line.spaces += pad
			}
			for _, part := range cell {
				if isInput(i) {
					eachLineWindow(part, &line.buf, line.bytes)
				} else {
					line.text(part)
				}
			}
			if left {
				line.spaces += pad
			}
		}
		line.end()
	}
}

// partsWidth is cellWidth of the parts' join.
func partsWidth(parts []string, fromInput bool, buf *[]byte) int {
	n := 0
	for _, p := range parts {
		n += cellWidth(p, fromInput, buf)
	}
	return n
}

// cellWidth is a cell's width in runes, as safetext.Line makes it when
// the cell is from input (in *buf, a window at a time).
func cellWidth(cell string, fromInput bool, buf *[]byte) int {
	if !fromInput {
		return displayWidth(cell)
	}
	n := 0
	eachLineWindow(cell, buf, func(p []byte) { n += utf8.RuneCount(p) })
	return n
}

func displayWidth(s string) int { return utf8.RuneCountInString(s) }

// lineWindow is how much of a long cell is made safe at a time.
const lineWindow = 32 << 10

// eachLineWindow calls f with safetext.Line(s) a part at a time, each
// made in *buf (reused) from a window of s that ends where a character
// starts.
func eachLineWindow(s string, buf *[]byte, f func([]byte)) {
	for i := 0; i < len(s); {
		to := min(len(s), i+lineWindow)
		for to < len(s) && !utf8.RuneStart(s[to]) {
			to++
		}
		*buf = safetext.AppendLine((*buf)[:0], s[i:to])
		f(*buf)
		i = to
	}
}

// tableLine writes a table's line a piece at a time. Spaces are held
// back until text follows them, so the line ends without them, as the
// table's lines always did (strings.TrimRight), without being built
// first.
type tableLine struct {
	w      io.Writer
	spaces int
	buf    []byte // a window of a cell from input, made safe
}

// blanks are written a part at a time for padding.
var blanks = strings.Repeat(" ", 256)

func (l *tableLine) text(s string) {
	body := strings.TrimRight(s, " ")
	if body != "" {
		l.flushSpaces()
		io.WriteString(l.w, body)
	}
	l.spaces += len(s) - len(body)
}

func (l *tableLine) bytes(p []byte) {
	body := bytes.TrimRight(p, " ")
	if len(body) > 0 {
		l.flushSpaces()
		l.w.Write(body)
	}
	l.spaces += len(p) - len(body)
}

func (l *tableLine) flushSpaces() {
	for l.spaces > 0 {
		n := min(l.spaces, len(blanks))
		io.WriteString(l.w, blanks[:n])
		l.spaces -= n
	}
}

// end ends the line, dropping the spaces held back.
func (l *tableLine) end() {
	io.WriteString(l.w, "\n")
	l.spaces = 0
}
