// Package csvcell writes CSV that a spreadsheet opens as data, not
// formulas.
//
// A CSV cell starting with =, +, -, @, a tab or a carriage return is read
// by Excel, LibreOffice and Google Sheets as a formula (=HYPERLINK(...),
// @SUM(...), or a DDE call), so a query id or document id from a
// retrieval run could run one on the machine of whoever opens ctxlab's
// CSV. Every CSV ctxlab writes goes through Writer, which puts a single
// quote before such a cell, as OWASP's CSV injection guidance says. A
// cell that is a plain number (-0.5, +3, 1e-4) stays as it is: a
// spreadsheet reads it as that number, and nothing else.
package csvcell

import (
	"encoding/csv"
	"errors"
	"io"
	"strconv"
	"strings"
)

// Inert returns cell unchanged unless a spreadsheet would read it as a
// formula; then it returns it after a single quote.
func Inert(cell string) string {
	if cell == "" {
		return cell
	}
	switch cell[0] {
	case '=', '@', '\t', '\r':
		return "'" + cell
	case '+', '-':
		if isPlainNumber(cell) {
			return cell
		}
		return "'" + cell
	}
	return cell
}

// isPlainNumber reports whether s is a decimal number: an optional sign,
// digits with at most one point, and an optional exponent. Nothing else
// (no Inf, no hexadecimal, no spaces) passes: a number strconv reads,
// however large, written in those characters alone.
func isPlainNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return (err == nil || errors.Is(err, strconv.ErrRange)) && strings.Trim(s, "0123456789+-.eE") == ""
}

// Writer is a csv.Writer whose every cell goes through Inert.
type Writer struct {
	w   *csv.Writer
	row []string
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: csv.NewWriter(w)}
}

// Write writes one record, each cell made inert; record is not changed.
func (w *Writer) Write(record []string) error {
	w.row = w.row[:0]
	for _, cell := range record {
		w.row = append(w.row, Inert(cell))
	}
	return w.w.Write(w.row)
}

// Flush writes any buffered data to the underlying io.Writer.
func (w *Writer) Flush() { w.w.Flush() }

// Error reports any error of a previous Write or Flush.
func (w *Writer) Error() error { return w.w.Error() }
