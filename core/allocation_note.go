package core

import (
	"fmt"

	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// allocationNote says an imported request's allocations add up to more
// than its max input, so a budgeted assembly would refuse them: measured
// as sent the allocations are only compared with, and the user should
// know before switching. It is worked out from the settings the request
// is evaluated with, so allocations given on the command line or turned
// in the workbench are the ones named: a preset is named only while every
// allocation is still the preset's. With a reserve that leaves no room,
// the reserve is the cause the evaluation reports, and there is no max
// input to compare with.
func allocationNote(sc *Scenario, s Settings) string {
	if sc.Provider == "" {
		return ""
	}
	b := s.Budget
	allocated := b.Allocated()
	if allocated <= b.MaxInput() || b.ValidateReserve() != nil {
		return ""
	}
	whose := "the allocations add up to " + numfmt.Thousands(allocated) + " input tokens"
	if preset, err := window.Preset(s.Preset); err == nil && sameAllocations(preset, b) {
		whose = fmt.Sprintf("%s allocates %s input tokens", s.Preset, numfmt.Thousands(allocated))
	}
	return fmt.Sprintf("%s, more than this request's max input of %s: a budgeted assembly needs a smaller preset or allocations",
		whose, numfmt.Thousands(b.MaxInput()))
}

// sameAllocations: a and b allocate the same to every component.
func sameAllocations(a, b window.ContextBudget) bool {
	return a.SystemPrompt == b.SystemPrompt && a.ToolDefinitions == b.ToolDefinitions &&
		a.ConversationHistory == b.ConversationHistory && a.RetrievedContext == b.RetrievedContext &&
		a.ToolResults == b.ToolResults && a.UserQuery == b.UserQuery
}
