package cli

import (
	"encoding/json"
	"fmt"
	"io"
)

// Helpers shared by the reports of assemble, presets, tokens and monitor.

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
