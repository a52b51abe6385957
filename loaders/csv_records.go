package loaders

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// csvRecords reads the records encoding/csv reads with its defaults
// (comma-separated, quotes doubled inside quoted fields, CRLF read as
// LF, empty lines skipped, every record as long as the first), each
// record's text written once into a builder whose string its fields
// share. encoding/csv holds a record in a line buffer and a record
// buffer before it makes the string: one 50 MB cell was three times in
// memory. At anything encoding/csv would call an error, or treat in a
// way not plainly the same (a quote inside an unquoted field, text after
// a closing quote, an unterminated quote, a record of another length,
// a carriage return before the end of the input), ok is false: the
// caller then reads the input with encoding/csv, which says what it is.
type csvRecords struct {
	r      *bufio.Reader
	fields int // the first record's length
	err    error
}

func newCSVRecords(r io.Reader) *csvRecords {
	return &csvRecords{r: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next record; record is nil at the end of the input.
func (c *csvRecords) next() (record []string, ok bool) {
	var b csvRecordText
	var ends []int
	quoted, inQuotes, afterQuote, started := false, false, false, false
	endField := func() {
		ends = append(ends, b.n)
		quoted, afterQuote = false, false
	}
	for {
		ch, err := c.r.ReadByte()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				c.err = err
				return nil, false
			}
			if !started {
				return nil, true // the end
			}
			if inQuotes {
				return nil, false // an unterminated quote
			}
			endField()
			break
		}
		if ch == '\r' {
			// Dropped before a '\n' (CRLF is LF) and, by encoding/csv,
			// at the very end of the input; data anywhere else.
			next, err := c.r.Peek(1)
			if err != nil || next[0] != '\n' {
				return nil, false // not plainly the same: encoding/csv decides
			}
			continue
		}
		switch {
		case inQuotes:
			if ch == '"' {
				inQuotes, afterQuote = false, true
				continue
			}
			b.put(ch)
			continue
		case afterQuote:
			// After a closing quote: a doubled quote, the field's end or
			// the line's; anything else is encoding/csv's ErrQuote.
			switch ch {
			case '"':
				b.put('"')
				inQuotes, afterQuote = true, false
				continue
			case ',':
				endField()
				continue
			case '\n':
				endField()
			default:
				return nil, false
			}
		case ch == '\n' && !started:
			continue // an empty line
		case ch == '\n':
			endField()
		case ch == ',':
			started = true
			endField()
			continue
		case ch == '"' && !quoted && (len(ends) == 0 && b.n == 0 || fieldEmpty(ends, b.n)):
			started, quoted, inQuotes = true, true, true
			continue
		case ch == '"':
			return nil, false // a bare quote
		default:
			started = true
			b.put(ch)
			continue
		}
		break // the record's end
	}
	if c.fields == 0 {
		c.fields = len(ends)
	} else if len(ends) != c.fields {
		return nil, false
	}
	text := b.String()
	record = make([]string, len(ends))
	start := 0
	for i, end := range ends {
		record[i] = text[start:end]
		start = end
	}
	return record, true
}

// fieldEmpty reports whether nothing of the current field is written:
// the text ends where the last field did.
func fieldEmpty(ends []int, written int) bool {
	return len(ends) > 0 && ends[len(ends)-1] == written
}

// csvRecordText is a record's text as it is read: in blocks of up to
// csvRecordBlock bytes, made one string of its exact size at the end. A
// buffer grown by append (a quarter at a time) allocated five times an
// 8 MB cell; one grown by doubling ended twice its size.
type csvRecordText struct {
	blocks [][]byte
	cur    []byte
	n      int
}

const csvRecordBlock = 1 << 20

func (t *csvRecordText) put(ch byte) {
	if len(t.cur) == cap(t.cur) {
		switch {
		case cap(t.cur) < csvRecordBlock:
			t.cur = append(make([]byte, 0, max(64, 2*cap(t.cur))), t.cur...)
		default:
			t.blocks = append(t.blocks, t.cur)
			t.cur = make([]byte, 0, csvRecordBlock)
		}
	}
	t.cur = append(t.cur, ch)
	t.n++
}

// String is the text, in one allocation of its size.
func (t *csvRecordText) String() string {
	var b strings.Builder
	b.Grow(t.n)
	for _, block := range t.blocks {
		b.Write(block)
	}
	b.Write(t.cur)
	return b.String()
}
