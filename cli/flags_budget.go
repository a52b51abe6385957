package cli

import (
	"fmt"

	"ctxlab/core"
)

// budgetFlags are the ContextBudget's fields as command-line flags. Only
// the flags given on the command line override a preset or a scenario, so
// each is read back through flagWasSet rather than from its default.
type budgetFlags struct {
	window, system, tools, history, rag, toolResults, query, reserve int
}

// budgetFlag ties a flag to the budget field it overrides.
type budgetFlag struct {
	name  string
	key   string // the budget file's key, for the help text
	value *int
	// pick returns the override's field, so one table fills BudgetOverrides.
	pick func(*core.BudgetOverrides) **int
}

func (b *budgetFlags) table() []budgetFlag {
	return []budgetFlag{
		{"window", "total_window", &b.window, func(o *core.BudgetOverrides) **int { return &o.TotalWindow }},
		{"system-budget", "system_prompt", &b.system, func(o *core.BudgetOverrides) **int { return &o.SystemPrompt }},
		{"tools-budget", "tool_definitions", &b.tools, func(o *core.BudgetOverrides) **int { return &o.ToolDefinitions }},
		{"history-budget", "conversation_history", &b.history, func(o *core.BudgetOverrides) **int { return &o.ConversationHistory }},
		{"rag-budget", "retrieved_context", &b.rag, func(o *core.BudgetOverrides) **int { return &o.RetrievedContext }},
		{"tool-results-budget", "tool_results", &b.toolResults, func(o *core.BudgetOverrides) **int { return &o.ToolResults }},
		{"query-budget", "user_query", &b.query, func(o *core.BudgetOverrides) **int { return &o.UserQuery }},
		{"reserve", "response_reserve", &b.reserve, func(o *core.BudgetOverrides) **int { return &o.ResponseReserve }},
	}
}

func (b *budgetFlags) register(fs *flagSet) {
	help := map[string]string{
		"window":              "model context window in tokens (total_window); for a request, overrides the model's",
		"system-budget":       "tokens allocated to the system prompt (system_prompt)",
		"tools-budget":        "tokens allocated to tool definitions (tool_definitions)",
		"history-budget":      "tokens allocated to the conversation history (conversation_history)",
		"rag-budget":          "tokens allocated to retrieved context (retrieved_context)",
		"tool-results-budget": "tokens allocated to tool results (tool_results)",
		"query-budget":        "tokens allocated to the user query (user_query); the query is never cut",
		"reserve":             "tokens reserved for the reply (response_reserve)",
	}
	for _, f := range b.table() {
		fs.IntVar(f.value, f.name, 0, help[f.name])
	}
}

// overrides returns the given flags as budget overrides, refusing a
// negative value with the flag's name.
func (b *budgetFlags) overrides(fs *flagSet) (core.BudgetOverrides, error) {
	var o core.BudgetOverrides
	for _, f := range b.table() {
		if !flagWasSet(fs, f.name) {
			continue
		}
		if *f.value < 0 {
			return o, fmt.Errorf("--%s %d is negative: a token budget is 0 or more", f.name, *f.value)
		}
		v := *f.value
		*f.pick(&o) = &v
	}
	return o, nil
}

// allocationSet reports whether any component allocation flag was given.
// The window and the reserve change no allocation, only the max input, so
// they do not ask for a budgeted assembly of an imported request.
func (b *budgetFlags) allocationSet(fs *flagSet) bool {
	for _, f := range b.table() {
		if f.name != "window" && f.name != "reserve" && flagWasSet(fs, f.name) {
			return true
		}
	}
	return false
}
