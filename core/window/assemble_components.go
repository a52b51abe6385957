package window

import "ctxlab/core/tokens"

// Component names, in the order every report lists them and the TUI draws
// their bars. The first six have an allocation in ContextBudget.
const (
	ComponentSystem      = "system"
	ComponentTools       = "tools"
	ComponentHistory     = "history"
	ComponentRAG         = "rag"
	ComponentToolResults = "tool_results"
	ComponentQuery       = "query"
	// ComponentLabels is the text the assembler adds itself: the
	// "Available tools:", "Relevant context:" and "Tool results:"
	// headings, plus any token a heading shares with the text beside it.
	// It is its own line so the lines add up to the total exactly.
	ComponentLabels = "labels"
	// ComponentFraming is what the provider's chat format adds per
	// message and to prime the reply (see Framing).
	ComponentFraming = "framing"
	// ComponentReserve is the response reserve: not input, listed so the
	// whole window can be drawn.
	ComponentReserve = "reserve"
)

// ComponentNames lists every line of an Assembly in display order.
var ComponentNames = []string{
	ComponentSystem, ComponentTools, ComponentHistory, ComponentRAG,
	ComponentToolResults, ComponentQuery, ComponentLabels, ComponentFraming,
	ComponentReserve,
}

// AllocatedComponentNames lists the six components with an allocation.
var AllocatedComponentNames = ComponentNames[:6:6]

// allocationFor returns a component's allocation and the end its
// truncation keeps, as the article's assembler sets them.
func allocationFor(b ContextBudget, name string) (int, tokens.Keep) {
	switch name {
	case ComponentSystem:
		return b.SystemPrompt, tokens.KeepStart
	case ComponentTools:
		return b.ToolDefinitions, tokens.KeepStart
	case ComponentHistory:
		return b.ConversationHistory, tokens.KeepEnd
	case ComponentRAG:
		return b.RetrievedContext, tokens.KeepStart
	case ComponentToolResults:
		return b.ToolResults, tokens.KeepEnd
	case ComponentQuery:
		return b.UserQuery, tokens.KeepStart
	}
	return 0, tokens.KeepStart
}

// ComponentReport is one line of the budget table.
type ComponentReport struct {
	Name string `json:"name"`
	// Allocated is the budget's allocation (0 for labels and framing,
	// which no allocation covers; the reserve for the reserve).
	Allocated int `json:"allocated"`
	// Raw is the component's tokens before truncation.
	Raw int `json:"raw"`
	// Used is the component's tokens in the assembled request.
	Used int `json:"used"`
	// Truncated reports that text was cut to the allocation.
	Truncated bool `json:"truncated"`
	// Over reports Used > Allocated for a component with an allocation.
	Over bool `json:"over"`
	// Excess is Used - Allocated when Over, else 0.
	Excess int `json:"excess"`
	// Note explains anything surprising about the line, in a sentence.
	Note string `json:"note,omitempty"`
	// Text is the component as it was sent, for the inspector; the JSON
	// output carries it in the messages instead. A measured history or
	// tool-results component, sent as messages of their own and never
	// cut, has none: the messages are the text. Nor has a measured
	// request's tools component once it is counted as its provider bills
	// it: the array sent is Assembly.Tools, and the namespace OpenAI
	// renders from it is counted on its pieces, never written. A cut component's text
	// is the tokenizer's cut, a copy, so it does not keep the whole it
	// was cut from alive.
	Text string `json:"-"`
}
