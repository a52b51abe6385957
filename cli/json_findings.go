package cli

import (
	"encoding/json"
	"io"

	"ctxlab/core/diagnose"
	"ctxlab/internal/jsonout"
)

// writeFindingsJSON writes findings as json.Indent(json.Marshal(findings),
// prefix, "  ") writes them at depth levels of two spaces, without a
// newline after.
func writeFindingsJSON(out io.Writer, findings []diagnose.Finding, depth int) error {
	compact, err := json.Marshal(findings)
	if err != nil {
		return err
	}
	w := jsonout.NewWriter(out, depth)
	if _, err := w.Write(compact); err != nil {
		return err
	}
	return w.Flush()
}
