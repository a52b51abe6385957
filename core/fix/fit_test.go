package fix

import (
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
)

func TestFitBudget(t *testing.T) {
	base := window.ContextBudget{TotalWindow: 10_000, SystemPrompt: 1_000, ToolDefinitions: 1_000,
		ConversationHistory: 4_000, RetrievedContext: 4_000, ToolResults: 2_000, UserQuery: 500, ResponseReserve: 1_000}
	cases := []struct {
		name   string
		needs  map[string]int
		target int
		want   window.ContextBudget
	}{
		{
			// 12,500 allocated, 6,250 wanted: every component needs more
			// than its half, so each is halved.
			name:   "proportional when every component needs its share",
			needs:  map[string]int{"system": 5_000, "tools": 5_000, "history": 9_000, "rag": 9_000, "tool_results": 9_000, "query": 5_000},
			target: 6_250,
			want: window.ContextBudget{TotalWindow: 10_000, SystemPrompt: 500, ToolDefinitions: 500,
				ConversationHistory: 2_000, RetrievedContext: 2_000, ToolResults: 1_000, UserQuery: 250, ResponseReserve: 1_000},
		},
		{
			// system (148), tools (0) and query (39) keep what they need;
			// the 6,063 left are shared by history, rag and tool results
			// in proportion 4:4:2.
			name:   "small components keep their use, the rest share what is left",
			needs:  map[string]int{"system": 148, "tools": 0, "history": 9_000, "rag": 9_000, "tool_results": 9_000, "query": 39},
			target: 6_250,
			want: window.ContextBudget{TotalWindow: 10_000, SystemPrompt: 148, ToolDefinitions: 0,
				ConversationHistory: 2_425, RetrievedContext: 2_425, ToolResults: 1_212, UserQuery: 39, ResponseReserve: 1_000},
		},
		{
			name:   "never below the floor",
			needs:  map[string]int{"system": 5_000, "tools": 5_000, "history": 9_000, "rag": 9_000, "tool_results": 9_000, "query": 5_000},
			target: 1_250,
			want: window.ContextBudget{TotalWindow: 10_000, SystemPrompt: 100, ToolDefinitions: 100,
				ConversationHistory: 400, RetrievedContext: 400, ToolResults: 200, UserQuery: 100, ResponseReserve: 1_000},
		},
		{
			name:   "allocations that fit are left alone",
			needs:  map[string]int{"history": 9_000},
			target: 20_000,
			want:   base,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fitBudget(base, c.needs, c.target); got != c.want {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestChangeFlagsSpellEveryKind(t *testing.T) {
	changes := []KnobChange{intChange("reserve", 4_077), {KnobID: "lost-in-middle", Value: core.KnobValue{Bool: false}}, modeChange(window.Budgeted)}
	got := ChangeFlags(changes)
	want := []string{"--reserve", "4077", "--lost-in-middle=false", "--mode", "budgeted"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}

func TestApplyChangesRefusesWhatTheKnobRefuses(t *testing.T) {
	s := core.DefaultSettings()
	if _, err := ApplyChanges(s, []KnobChange{intChange("reserve", -1)}); err == nil {
		t.Error("a negative reserve was applied")
	}
	if _, err := ApplyChanges(s, []KnobChange{intChange("no-such-knob", 1)}); err == nil {
		t.Error("an unknown knob was applied")
	}
	got, err := ApplyChanges(s, []KnobChange{intChange("rag", 2_345), {KnobID: "lost-in-middle", Value: core.KnobValue{Bool: false}}})
	if err != nil || got.Budget.RetrievedContext != 2_345 || got.Pipeline.LostInMiddle {
		t.Errorf("changes not applied: %v, rag %d, lost in middle %v", err, got.Budget.RetrievedContext, got.Pipeline.LostInMiddle)
	}
}
