package window

import (
	"errors"
	"strings"
	"testing"
)

func TestContextBudgetTotals(t *testing.T) {
	cases := []struct {
		name                   string
		budget                 ContextBudget
		maxInput, alloc, slack int
	}{
		{"support_chat", builtinPresets[PresetSupportChat], 126_000, 12_300, 113_700},
		{"document_qa", builtinPresets[PresetDocumentQA], 124_000, 11_500, 112_500},
		{"agent_workflow", builtinPresets[PresetAgentWorkflow], 125_000, 18_500, 106_500},
		{"zero", ContextBudget{}, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.budget.MaxInput(); got != c.maxInput {
				t.Errorf("MaxInput = %d, want %d", got, c.maxInput)
			}
			if got := c.budget.Allocated(); got != c.alloc {
				t.Errorf("Allocated = %d, want %d", got, c.alloc)
			}
			if got := c.budget.Slack(); got != c.slack {
				t.Errorf("Slack = %d, want %d", got, c.slack)
			}
		})
	}
}

func TestContextBudgetValidate(t *testing.T) {
	ok := ContextBudget{TotalWindow: 1000, SystemPrompt: 100, ToolDefinitions: 100, ConversationHistory: 100,
		RetrievedContext: 100, ToolResults: 100, UserQuery: 100, ResponseReserve: 400}
	with := func(f func(*ContextBudget)) ContextBudget {
		b := ok
		f(&b)
		return b
	}
	cases := []struct {
		name    string
		budget  ContextBudget
		wantErr string
	}{
		{"fits exactly", ok, ""},
		{"overflow by one", with(func(b *ContextBudget) { b.UserQuery = 101 }),
			"Budget overflow: 601 tokens allocated, max input is 600"},
		{"article-style overflow", ContextBudget{TotalWindow: 8000, RetrievedContext: 7000, ConversationHistory: 1000, ResponseReserve: 1000},
			"Budget overflow: 8000 tokens allocated, max input is 7000"},
		{"negative allocation", with(func(b *ContextBudget) { b.ConversationHistory = -5 }),
			"conversation_history is negative (-5)"},
		{"negative window", with(func(b *ContextBudget) { b.TotalWindow = -1 }),
			"total_window is negative (-1)"},
		{"zero window", ContextBudget{},
			"total_window is 0: the model window must be positive"},
		{"reserve equals window", with(func(b *ContextBudget) { b.ResponseReserve = 1000 }),
			"the response reserve of 1,000 leaves no room in a 1,000-token window"},
		{"reserve above window", with(func(b *ContextBudget) { b.ResponseReserve = 5000 }),
			"the response reserve of 5,000 leaves no room in a 1,000-token window"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.budget.Validate()
			switch {
			case c.wantErr == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case c.wantErr != "" && err == nil:
				t.Fatalf("Validate() = nil, want %q", c.wantErr)
			case c.wantErr != "" && err.Error() != c.wantErr:
				t.Fatalf("Validate() = %q, want %q", err, c.wantErr)
			}
			// Callers tell an overflow from a malformed budget by type.
			var overflow *BudgetOverflowError
			if isOverflow := strings.HasPrefix(c.wantErr, "Budget overflow:"); errors.As(err, &overflow) != isOverflow {
				t.Errorf("Validate() = %T, want a *BudgetOverflowError: %v", err, isOverflow)
			}
		})
	}
}

// TestContextBudgetNeverWraps: allocations whose sum passes math.MaxInt
// are an overflow, never a negative total that seems to fit.
func TestContextBudgetNeverWraps(t *testing.T) {
	const maxInt = int(^uint(0) >> 1)
	support := builtinPresets[PresetSupportChat]
	huge := support
	huge.RetrievedContext = maxInt
	twoHalves := support
	twoHalves.RetrievedContext, twoHalves.ConversationHistory = maxInt/2+1, maxInt/2+1
	wide := ContextBudget{TotalWindow: maxInt, SystemPrompt: maxInt / 2, ToolDefinitions: maxInt / 2, UserQuery: maxInt / 2}
	cases := []struct {
		name    string
		budget  ContextBudget
		wantErr string
	}{
		{"one allocation of MaxInt", huge, "Budget overflow: retrieved_context alone is 9223372036854775807 tokens, max input is 126000"},
		{"two allocations summing past MaxInt", twoHalves, "Budget overflow: conversation_history alone is 4611686018427387904 tokens, max input is 126000"},
		{"a window as large as the allocations", wide, "Budget overflow: more than 9223372036854775807 tokens allocated, max input is 9223372036854775807"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.budget.Allocated(); got != maxInt {
				t.Errorf("Allocated = %d, want it saturated at %d", got, maxInt)
			}
			if got := c.budget.Slack(); got > 0 {
				t.Errorf("Slack = %d, want it negative", got)
			}
			err := c.budget.Validate()
			if err == nil || err.Error() != c.wantErr {
				t.Fatalf("Validate() = %v, want %q", err, c.wantErr)
			}
		})
	}
}
