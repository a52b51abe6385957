package cli

import (
	"strings"

	"ctxlab/internal/safetext"
)

// quoted shows a value from the command line or an input inside an error:
// between double quotes (a quote or backslash in it escaped, as %q does),
// with control characters in safetext's form (␛), the form the terminal
// shows of input everywhere else. %q would write \x1b instead.
func quoted(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
	return `"` + safetext.Line(s) + `"`
}
