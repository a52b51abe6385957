package cli_test

import (
	"strings"
	"testing"
)

// ctxlab --help lists every input the workbench opens on, the trace
// picker's and the Timeline's among them.
func TestHelpListsWorkbenchTraceInputs(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "--help")
	for _, want := range []string{"--traces FILE", "--trajectory FILE [--trace-id ID]"} {
		if !strings.Contains(stdout+stderr, want) {
			t.Errorf("exit %d: --help lacks %q:\n%s%s", code, want, stdout, stderr)
		}
	}
}
