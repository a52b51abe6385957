package core

import (
	"testing"

	"ctxlab/core/window"
)

// Choosing a preset or changing an allocation makes the allocations
// chosen; back to the input's own preset, they are as the input had them.
func TestChoosingAllocationsClearsAssumed(t *testing.T) {
	initial := DefaultSettings()
	initial.Preset = window.PresetAgentWorkflow
	initial.Budget, _ = window.Preset(window.PresetAgentWorkflow)
	initial.AllocationsAssumed = true
	ctx := KnobContext{Initial: &initial}

	s := initial
	if err := KnobByID(KnobIDPreset).Set(&s, KnobValue{Text: window.PresetSupportChat}, ctx); err != nil {
		t.Fatal(err)
	}
	if s.AllocationsAssumed {
		t.Error("a preset chosen leaves the allocations assumed")
	}
	if err := KnobByID(KnobIDPreset).Set(&s, KnobValue{Text: window.PresetAgentWorkflow}, ctx); err != nil {
		t.Fatal(err)
	}
	if !s.AllocationsAssumed {
		t.Error("back to the input's preset, the allocations are not assumed")
	}

	s = initial
	if err := KnobByID("reserve").Set(&s, KnobValue{Int: 999}, ctx); err != nil {
		t.Fatal(err)
	}
	if !s.AllocationsAssumed {
		t.Error("the reserve is no allocation, yet setting it chose the allocations")
	}
	if err := KnobByID("system").Set(&s, KnobValue{Int: s.Budget.SystemPrompt + 100}, ctx); err != nil {
		t.Fatal(err)
	}
	if s.AllocationsAssumed {
		t.Error("an allocation changed leaves the allocations assumed")
	}
}
