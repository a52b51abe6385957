package loaders

import (
	"unicode"
	"unicode/utf8"
)

// csvFirstRow judges, a piece at a time and without holding it, what
// detectedAsYAML judges of a file's first line: whether encoding/csv
// reads it as a header naming a content column (csvContentColumn). It
// is for a first line too long to hold (one 50 MB YAML item written on
// one line, as yaml.v3 writes it).
//
// encoding/csv skips empty lines, takes an unquoted cell as the bytes
// between commas, and refuses a quote inside one (ErrBareQuote, which
// makes the file YAML). A cell names a column only if its text, trimmed
// and lowered, is a name; so a cell keeps its trimmed text up to
// csvCellKept bytes, and past that only that it is too long. A quoted
// cell may run over lines and is not judged: the judgment is then "not
// YAML", and the whole-file reader decides.
type csvFirstRow struct {
	decided, isYAML bool

	header    []string // the cells so far; "" for one too long to name a column
	cell      []byte   // the cell's text from its first non-space rune, spaces at its end left out
	spaces    int      // bytes of spaces after the cell's last non-space rune
	tooLong   bool     // the cell's trimmed text is longer than csvCellKept
	cellStart bool     // nothing of the cell read yet
	lineEmpty bool     // nothing of the line read yet
	crPending bool     // a '\r' was read: before a '\n' it is part of the line's end
	partial   []byte   // the start of a rune the last piece cut
}

// csvCellKept bounds what a cell keeps: strings.ToLower makes a rune at
// most three times shorter (U+212A KELVIN SIGN becomes k), so a cell
// whose trimmed text is longer than three times the longest name
// (page_content) cannot name a column.
const csvCellKept = 3 * len("page_content")

func newCSVFirstRow() *csvFirstRow {
	return &csvFirstRow{cellStart: true, lineEmpty: true}
}

// write takes the next piece of the file; the judgment is made at the
// end of the first line that is not empty.
func (c *csvFirstRow) write(p []byte) {
	for len(p) > 0 && !c.decided {
		if len(c.partial) > 0 {
			c.partial = append(c.partial, p[0])
			p = p[1:]
			if utf8.FullRune(c.partial) {
				r, size := utf8.DecodeRune(c.partial)
				c.partial = c.partial[:0]
				c.rune(r, size)
			}
			continue
		}
		if !utf8.FullRune(p) {
			c.partial = append(c.partial, p...)
			return
		}
		r, size := utf8.DecodeRune(p)
		p = p[size:]
		c.rune(r, size)
	}
}

// rune takes one rune of the line.
func (c *csvFirstRow) rune(r rune, size int) {
	if r == utf8.RuneError && size == 1 {
		c.decided = true // not text: the whole-file reader says so
		return
	}
	if c.crPending {
		c.crPending = false
		if r == '\n' {
			c.endLine()
			return
		}
		c.text('\r', 1)
	}
	switch {
	case r == '\r':
		c.crPending = true
	case r == '\n':
		c.endLine()
	case r == ',':
		c.lineEmpty = false
		c.endCell()
	case r == '"' && c.cellStart:
		c.decided = true // a quoted cell: not judged here
	case r == '"':
		c.decided, c.isYAML = true, true
	default:
		c.text(r, size)
	}
}

// text adds a rune of a cell's text.
func (c *csvFirstRow) text(r rune, size int) {
	c.cellStart, c.lineEmpty = false, false
	switch {
	case unicode.IsSpace(r):
		if len(c.cell) > 0 || c.tooLong {
			c.spaces += size
		}
	case c.tooLong || len(c.cell)+c.spaces+size > csvCellKept:
		c.tooLong = true
	default:
		for ; c.spaces > 0; c.spaces-- {
			c.cell = append(c.cell, ' ') // its length is all that matters
		}
		c.cell = utf8.AppendRune(c.cell, r)
	}
}

func (c *csvFirstRow) endCell() {
	name := ""
	if !c.tooLong {
		name = string(c.cell)
	}
	c.header = append(c.header, name)
	c.cell, c.spaces, c.tooLong, c.cellStart = c.cell[:0], 0, false, true
}

// endLine judges the header at its line's end; an empty line is skipped.
func (c *csvFirstRow) endLine() {
	if c.lineEmpty {
		return
	}
	c.endCell()
	_, isCSV := csvContentColumn(c.header)
	c.decided, c.isYAML = true, !isCSV
}

// finish ends the input: a file whose first line has no '\n' after it.
func (c *csvFirstRow) finish() {
	if c.decided {
		return
	}
	if len(c.partial) > 0 {
		c.decided = true
		return
	}
	c.crPending = false // a last line's '\r' is a space at a cell's end
	if c.lineEmpty {
		c.decided = true // no row: csv finds no header, YAML it is
		c.isYAML = true
		return
	}
	c.endLine()
}
