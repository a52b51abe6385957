package window

// BudgetOverrides changes some allocations of a budget and leaves the
// others alone. A nil field is "not given", so an override to 0 (drop the
// tool definitions) is distinct from no override. The keys match
// ContextBudget's, so a budget file and the command line's flags fill the
// same struct.
type BudgetOverrides struct {
	TotalWindow         *int `yaml:"total_window,omitempty" json:"total_window,omitempty"`
	SystemPrompt        *int `yaml:"system_prompt,omitempty" json:"system_prompt,omitempty"`
	ToolDefinitions     *int `yaml:"tool_definitions,omitempty" json:"tool_definitions,omitempty"`
	ConversationHistory *int `yaml:"conversation_history,omitempty" json:"conversation_history,omitempty"`
	RetrievedContext    *int `yaml:"retrieved_context,omitempty" json:"retrieved_context,omitempty"`
	ToolResults         *int `yaml:"tool_results,omitempty" json:"tool_results,omitempty"`
	UserQuery           *int `yaml:"user_query,omitempty" json:"user_query,omitempty"`
	ResponseReserve     *int `yaml:"response_reserve,omitempty" json:"response_reserve,omitempty"`
}

// Apply returns b with every given override applied. It does not
// validate: call Validate on the result, so the error describes the
// budget the user ends up with.
func (o BudgetOverrides) Apply(b ContextBudget) ContextBudget {
	set := func(dst *int, v *int) {
		if v != nil {
			*dst = *v
		}
	}
	set(&b.TotalWindow, o.TotalWindow)
	set(&b.SystemPrompt, o.SystemPrompt)
	set(&b.ToolDefinitions, o.ToolDefinitions)
	set(&b.ConversationHistory, o.ConversationHistory)
	set(&b.RetrievedContext, o.RetrievedContext)
	set(&b.ToolResults, o.ToolResults)
	set(&b.UserQuery, o.UserQuery)
	set(&b.ResponseReserve, o.ResponseReserve)
	return b
}
