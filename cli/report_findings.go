package cli

import (
	"fmt"
	"io"

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
		fmt.Fprintf(w, "  %s %s: ", severityMark[f.Severity], f.Code)
		fmt.Fprint(w, safetext.Line(f.Message))
		for i, r := range f.Refs {
			sep := ", "
			if i == 0 {
				sep = " [about "
			}
			fmt.Fprint(w, sep, safetext.Line(r.Label()))
		}
		if len(f.Refs) > 0 {
			io.WriteString(w, "]")
		}
		io.WriteString(w, "\n")
	}
	fmt.Fprintln(w)
}
