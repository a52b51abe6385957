package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"
)

// Helpers shared by the reports of assemble, presets, tokens and monitor.

// writeTable prints rows in aligned columns, two spaces apart, indented by
// two spaces. align gives each column's alignment, 'l' or 'r'; columns
// beyond it are right-aligned. Widths count runes, so ✂ and ▲ align.
// Each line is written as it goes (tableLine), not built first: beside
// a 50 MB model name every other row is padded to 50 MB.
func writeTable(w io.Writer, rows [][]string, align string) {
	writeTableRows(w, len(rows), func(i int) []string { return rows[i] }, align)
}

// writeTableRows is writeTable over n rows made by cells, each made once
// to measure the columns and again to be written, so a table of 505,051
// presets is never held.
func writeTableRows(w io.Writer, n int, cells func(i int) []string, align string) {
	var widths []int
	for r := range n {
		for i, cell := range cells(r) {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	bw := bufio.NewWriter(w)
	line := tableLine{w: bw}
	for r := range n {
		row := cells(r)
		line.blank(2)
		for i, cell := range row {
			if i > 0 {
				line.blank(2)
			}
			pad := widths[i] - displayWidth(cell)
			if i < len(align) && align[i] == 'l' {
				line.text(cell)
				line.blank(pad)
			} else {
				line.blank(pad)
				line.text(cell)
			}
		}
		line.end()
	}
	bw.Flush()
}

// displayWidth counts runes, as []rune(s) would, without making them.
func displayWidth(s string) int { return utf8.RuneCountInString(s) }

func checkFormat(format string) error {
	if format != "text" && format != "json" {
		return fmt.Errorf("--format %s: expected text or json", quoted(format))
	}
	return nil
}

func writeJSON(out io.Writer, v any) error {
	// The encoder writes compact JSON once, whole; the indenting writer
	// passes it on in chunks. The bytes are MarshalIndent's and a line
	// break, and a report holding a 50 MB message is not copied again as
	// an indented buffer, Marshal's result or Printf's buffer.
	w := newJSONIndentWriter(out)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		return err
	}
	return w.flush()
}
