package core

import (
	"testing"

	"ctxlab/core/window"
)

// TestPresetLabelNamesOnlyWhatThePresetDecides checks that a header never
// names a preset for allocations it no longer decides.
func TestPresetLabelNamesOnlyWhatThePresetDecides(t *testing.T) {
	preset, err := window.Preset("agent_workflow")
	if err != nil {
		t.Fatal(err)
	}
	some := preset
	some.RetrievedContext++
	some.UserQuery++
	all := window.ContextBudget{TotalWindow: preset.TotalWindow, SystemPrompt: preset.SystemPrompt + 1,
		ToolDefinitions: preset.ToolDefinitions + 1, ConversationHistory: preset.ConversationHistory + 1,
		RetrievedContext: preset.RetrievedContext + 1, ToolResults: preset.ToolResults + 1, UserQuery: preset.UserQuery + 1}
	for _, c := range []struct {
		name   string
		s      Settings
		want   string
		change int
	}{
		{"the preset's own", Settings{Preset: "agent_workflow", Budget: preset}, "preset agent_workflow", 0},
		{"two changed", Settings{Preset: "agent_workflow", Budget: some}, "preset agent_workflow, 2 of 6 allocations changed", 2},
		{"every allocation given", Settings{Preset: "agent_workflow", Budget: all}, "allocations given", 6},
		{"a reserve alone is not an allocation", Settings{Preset: "agent_workflow", Budget: func() window.ContextBudget { b := preset; b.ResponseReserve++; return b }()}, "preset agent_workflow", 0},
		{"no preset", Settings{Budget: all}, "", -1},
		{"a budget file's preset", Settings{Preset: "team_custom", Budget: all}, "preset team_custom", -1},
	} {
		if got := PresetLabel(c.s); got != c.want {
			t.Errorf("%s: PresetLabel = %q, want %q", c.name, got, c.want)
		}
		if got := ChangedAllocations(c.s); got != c.change {
			t.Errorf("%s: ChangedAllocations = %d, want %d", c.name, got, c.change)
		}
	}
}
