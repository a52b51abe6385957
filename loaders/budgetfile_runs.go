package loaders

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// A budget file of many presets is one mapping, or a few, of short
// entries: "presets:" and its presets indented under it, or presets at
// the top. budgetRuns cuts such a file, as it is read, into runs of
// whole entries of one mapping, so yaml.v3 parses a run at a time and
// never builds the tree of the whole file (five nodes a preset: 1.3 GB
// for a file of 505,051 presets). The cut is taken only where it is
// plainly safe; anything else declines it, and the whole-file reader
// reads the file as it always has.
//
// A line at a mapping's indentation begins an entry of it: a value that
// goes on across such a line would have to be a block or plain scalar
// (which end at a line no more indented than their mapping), a quoted
// scalar or a flow collection left open (an error in the run it opens
// in), or an explicit key, which is declined. budgetRun.entries counts
// the lines that begin entries, and a run whose mapping has any other
// number of pairs is declined by its reader.

// budgetRunBytes is about how many bytes of entries are parsed at once.
// A variable so tests can cut a file into runs of one entry.
var budgetRunBytes = 64 << 10

// budgetRun is whole entries of one mapping, in a row.
type budgetRun struct {
	text    []byte
	entries int  // how many lines begin entries
	nested  bool // the entries are those of presets:, not the top's
}

// budgetRuns reads runs from a budget file.
type budgetRuns struct {
	r   *bufio.Reader
	run budgetRun
	// nestedIndent is the indentation of presets:'s entries once its
	// first entry is read, 0 before it, -1 outside presets:.
	nestedIndent int
	inPresets    bool
	sawPresets   bool // "presets:" was read (a second is declined)
	started      bool // a line that begins an entry was read
	declined     bool
	eof          bool
	ready        []budgetRun
}

func newBudgetRuns(r io.Reader) *budgetRuns {
	return &budgetRuns{r: bufio.NewReaderSize(r, longValueLineBytes), nestedIndent: -1}
}

// next returns the next run; ok false with declined says the cut is not
// safe, and with neither, that the file has ended. A read error
// declines: the whole-file reader meets it too and reports it.
func (b *budgetRuns) next() (run budgetRun, ok bool) {
	for len(b.ready) == 0 && !b.declined && !b.eof {
		line, err := b.r.ReadSlice('\n')
		switch {
		case errors.Is(err, io.EOF):
			b.eof = true
		case err != nil:
			// A line over the buffer, whose value longValues reads in
			// the whole-file reader, or the input's own error.
			b.declined = true
			return budgetRun{}, false
		}
		if len(line) > 0 {
			b.line(line)
		}
		if b.eof && !b.declined {
			b.flush()
			if b.inPresets && b.nestedIndent <= 0 {
				b.declined = true // presets: with no entries under it
			}
		}
	}
	if b.declined || len(b.ready) == 0 {
		return budgetRun{}, false
	}
	run = b.ready[0]
	b.ready = b.ready[1:]
	return run, true
}

// line places one line: it begins an entry, belongs to the one before,
// or declines the cut.
func (b *budgetRuns) line(line []byte) {
	if !plainBudgetLine(line) {
		b.declined = true
		return
	}
	indent := 0
	for indent < len(line) && line[indent] == ' ' {
		indent++
	}
	rest := line[indent:]
	if len(rest) == 0 || rest[0] == '\n' || rest[0] == '\r' || rest[0] == '#' {
		// Blank, or a comment: it goes with the entry before it.
		if b.started {
			b.run.text = append(b.run.text, line...)
		}
		return
	}
	if rest[0] == '\t' {
		b.declined = true
		return
	}
	switch {
	case indent == 0:
		if b.inPresets && b.nestedIndent <= 0 {
			b.declined = true // presets: with nothing under it
			return
		}
		b.inPresets = false
		if isPresetsLine(line) {
			if b.sawPresets {
				b.declined = true
				return
			}
			b.flush()
			b.sawPresets, b.inPresets, b.nestedIndent = true, true, 0
			return
		}
		b.entry(line, false)
	case b.inPresets && b.nestedIndent == 0:
		b.nestedIndent = indent
		b.entry(line, true)
	case b.inPresets && indent == b.nestedIndent:
		b.entry(line, true)
	case b.inPresets && indent < b.nestedIndent, !b.started:
		b.declined = true // between two levels, or indented at the start
	default:
		b.run.text = append(b.run.text, line...)
	}
}

// entry begins an entry with line, ending the run before it if that is
// long enough or of the other mapping.
func (b *budgetRuns) entry(line []byte, nested bool) {
	if !budgetKeyStart(line[bytes.IndexFunc(line, func(r rune) bool { return r != ' ' })]) {
		b.declined = true
		return
	}
	if b.run.entries > 0 && (b.run.nested != nested || len(b.run.text) >= budgetRunBytes) {
		b.flush()
	}
	b.started = true
	b.run.nested = nested
	b.run.entries++
	b.run.text = append(b.run.text, line...)
}

// flush makes the entries read so far a run.
func (b *budgetRuns) flush() {
	if b.run.entries > 0 {
		b.ready = append(b.ready, b.run)
	}
	b.run = budgetRun{}
}

// budgetKeyStart is what an entry's key may begin with: a letter, a
// digit, an underscore, a quote or a character past ASCII; not a
// document marker, a directive, a list's dash, an explicit key, a flow
// collection, an anchor, an alias or a tag.
func budgetKeyStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '"' || c == '\'' || c >= 0x80
}

// isPresetsLine reports whether line is "presets:" alone (spaces and a
// comment after it aside), the key whose entries are the file's presets.
func isPresetsLine(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("presets:"))
	if !ok {
		return false
	}
	rest = bytes.TrimRight(rest, "\r\n")
	trimmed := bytes.TrimLeft(rest, " ")
	return len(trimmed) == 0 || (trimmed[0] == '#' && len(trimmed) < len(rest))
}

// plainBudgetLine reports whether line breaks only where the cut sees
// it: yaml.v3 also breaks lines at a carriage return alone and at NEL,
// LS and PS, and a byte-order mark may begin a document.
func plainBudgetLine(line []byte) bool {
	for i := bytes.IndexByte(line, '\r'); i >= 0; {
		if i+1 >= len(line) || line[i+1] != '\n' {
			return false
		}
		next := bytes.IndexByte(line[i+1:], '\r')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return !bytes.Contains(line, []byte("\u0085")) && !bytes.Contains(line, []byte("\u2028")) &&
		!bytes.Contains(line, []byte("\u2029")) && !bytes.Contains(line, utf8BOM)
}

// countBudgetEntries counts the entries budgetRuns cuts r into (the
// presets, and "presets:" itself when the file has it); ok is false
// when it declines.
func countBudgetEntries(r io.Reader) (entries int, ok bool) {
	runs := newBudgetRuns(r)
	for {
		run, more := runs.next()
		if !more {
			return entries, !runs.declined
		}
		entries += run.entries
	}
}
