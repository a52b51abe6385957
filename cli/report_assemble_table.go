package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Helpers shared by the reports of assemble, presets, tokens and monitor.

// writeTable prints rows in aligned columns, two spaces apart, indented by
// two spaces. align gives each column's alignment, 'l' or 'r'; columns
// beyond it are right-aligned. Widths count runes, so ✂ and ▲ align.
func writeTable(w io.Writer, rows [][]string, align string) {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		b.WriteString("  ")
		for i, cell := range row {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-displayWidth(cell))
			if i < len(align) && align[i] == 'l' {
				b.WriteString(cell + pad)
			} else {
				b.WriteString(pad + cell)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

func displayWidth(s string) int { return len([]rune(s)) }

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
