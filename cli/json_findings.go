package cli

import (
	"encoding/json"
	"io"

	"ctxlab/core/diagnose"
)

// writeFindingsJSON writes findings as json.Indent(json.Marshal(findings),
// prefix, "  ") writes them at depth levels of two spaces, without a
// newline after, with each message spliced in a window at a time: a
// finding names a document by its source, which may be as long as a
// document, and the list marshalled and then indented held a 50 MB source
// three times more (the encoder's buffer, its result, the indented copy).
func writeFindingsJSON(out io.Writer, findings []diagnose.Finding, depth int) error {
	var long longStrings
	var held []diagnose.Finding // nil stays null
	if findings != nil {
		held = make([]diagnose.Finding, len(findings))
	}
	for i, f := range findings {
		f.Message = long.hold(f.Message)
		held[i] = f
	}
	compact, err := json.Marshal(held)
	if err != nil {
		return err
	}
	w := newJSONIndentWriter(out)
	w.Depth = depth
	return splice(w, compact, &long)
}
