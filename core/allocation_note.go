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
	if preset, err := window.Preset(s.Preset); err == nil && changedAllocations(preset, b) == 0 {
		whose = fmt.Sprintf("%s allocates %s input tokens", s.Preset, numfmt.Thousands(allocated))
	}
	return fmt.Sprintf("%s, more than this request's max input of %s: a budgeted assembly needs a smaller preset or allocations",
		whose, numfmt.Thousands(b.MaxInput()))
}

// PresetLabel says where s's allocations come from, for a header: "preset
// P" while every allocation is still P's, "preset P, N of 6 allocations
// changed" when some were given otherwise (flags, a scenario, a control),
// and "allocations given" when none of P's is left, so a preset is never
// named for allocations it no longer decides. It is "" without a preset.
func PresetLabel(s Settings) string {
	switch changed := ChangedAllocations(s); {
	case s.Preset == "":
		return ""
	case changed <= 0:
		return "preset " + s.Preset
	case changed == 6:
		return "allocations given"
	default:
		return fmt.Sprintf("preset %s, %d of 6 allocations changed", s.Preset, changed)
	}
}

// ChangedAllocations is how many of the six input allocations s gives
// otherwise than its preset, -1 when the preset's allocations are not
// known (a budget file's preset, or none).
func ChangedAllocations(s Settings) int {
	preset, err := window.Preset(s.Preset)
	if s.Preset == "" || err != nil {
		return -1
	}
	return changedAllocations(preset, s.Budget)
}

// changedAllocations is how many of the six input allocations b gives
// otherwise than a.
func changedAllocations(a, b window.ContextBudget) int {
	n := 0
	for _, pair := range [][2]int{{a.SystemPrompt, b.SystemPrompt}, {a.ToolDefinitions, b.ToolDefinitions},
		{a.ConversationHistory, b.ConversationHistory}, {a.RetrievedContext, b.RetrievedContext},
		{a.ToolResults, b.ToolResults}, {a.UserQuery, b.UserQuery}} {
		if pair[0] != pair[1] {
			n++
		}
	}
	return n
}
