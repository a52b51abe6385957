package diagnose

import (
	"fmt"

	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// An allocation is "far larger than its use" when the component uses
// under a quarter of it and the spare is over 1,000 tokens: a quarter
// leaves room for normal variation between requests, and 1,000 tokens is
// about two retrieved documents, enough to matter to a component that
// was cut.
const (
	unusedShare     = 0.25
	unusedMinTokens = 1_000
)

// unusedAllocationFindings: allocations far larger than their use, which
// a budgeted assembly holds back from the components that were cut.
func unusedAllocationFindings(in *Input) []Finding {
	a := in.Assembly
	if a == nil || a.Mode != window.Budgeted {
		return nil
	}
	var fs []Finding
	for _, c := range a.Components {
		if c.Name == window.ComponentReserve || c.Allocated == 0 {
			continue
		}
		spare := c.Allocated - c.Used
		if float64(c.Used) >= unusedShare*float64(c.Allocated) || spare <= unusedMinTokens {
			continue
		}
		msg := fmt.Sprintf("%s: uses %s of its %s allocation (%s), %s spare that a cut component could use.",
			componentSubject(c.Name), numfmt.Thousands(c.Used), allocationOf(c.Allocated), percent(c.Used, c.Allocated), tokensOf(spare))
		fs = append(fs, Finding{Code: CodeAllocationUnused, Severity: SeverityInfo, Message: msg,
			Refs: []Ref{ComponentRef(c.Name)}, weight: spare})
	}
	return fs
}
