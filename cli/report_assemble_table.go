package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"ctxlab/internal/safetext"
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
	// An encoder indents into its own buffer and writes it once: a
	// report holding a 50 MB message is not copied again as Marshal's
	// result and as Printf's buffer. Its bytes are MarshalIndent's and a
	// line break.
	enc := json.NewEncoder(jsonEscapingWriter{out})
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// jsonEscapingWriter passes encoded JSON on with safetext.EscapeJSON
// applied; each Write must be whole JSON text, as an Encoder's is.
type jsonEscapingWriter struct{ out io.Writer }

func (w jsonEscapingWriter) Write(p []byte) (int, error) {
	if _, err := w.out.Write(safetext.EscapeJSON(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
