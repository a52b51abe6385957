package diagnose

import "ctxlab/internal/quoted"

// QuotedSource is a document's source as the findings and fixes quote it
// after its number ("#3 kb/returns.md"): the source itself, or its start
// and end around "…" when it is longer than a source usually is
// (quoted.Name). The workbench uses it to find the source in a sentence
// it shortens.
func QuotedSource(src string) string { return quoted.Name(src) }
