package cli

import (
	"fmt"
	"io"

	"ctxlab/internal/jsonout"
)

// Helpers shared by the reports of assemble, presets, tokens and monitor.

func checkFormat(format string) error {
	if format != "text" && format != "json" {
		return fmt.Errorf("--format %s: expected text or json", quoted(format))
	}
	return nil
}

func writeJSON(out io.Writer, v any) error {
	return jsonout.Encode(out, v)
}
