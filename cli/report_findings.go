package cli

import (
	"fmt"
	"io"
	"strings"

	"ctxlab/core/diagnose"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// severityMark is readable without colour, as the fate glyphs are.
var severityMark = map[diagnose.Severity]string{
	diagnose.SeverityError:   "▲ error  ",
	diagnose.SeverityWarning: "! warning",
	diagnose.SeverityInfo:    "· info   ",
}

// writeFindings is the reports' Findings section: worst first, one line
// each, the rows a finding is about after it (#N for documents, as the
// rest of the report numbers them).
func writeFindings(w io.Writer, findings []diagnose.Finding) {
	fmt.Fprintf(w, "Findings (%s)\n", numfmt.Thousands(len(findings)))
	if len(findings) == 0 {
		fmt.Fprintf(w, "  none: nothing was cut, lost or estimated\n")
	}
	for _, f := range findings {
		line := fmt.Sprintf("  %s %s: %s", severityMark[f.Severity], f.Code, safetext.Line(f.Message))
		if len(f.Refs) > 0 {
			labels := make([]string, len(f.Refs))
			for i, r := range f.Refs {
				labels[i] = safetext.Line(r.Label())
			}
			line += " [about " + strings.Join(labels, ", ") + "]"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
}
