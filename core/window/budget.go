package window

import (
	"fmt"
	"math"

	"ctxlab/internal/numfmt"
)

// ContextBudget is the article's fixed token allocation per context
// component. The six input allocations plus the response reserve share
// one model window; what the allocations leave unused is slack, which
// absorbs the tokens no allocation covers (message framing, headings).
type ContextBudget struct {
	TotalWindow         int `yaml:"total_window" json:"total_window"`
	SystemPrompt        int `yaml:"system_prompt" json:"system_prompt"`
	ToolDefinitions     int `yaml:"tool_definitions" json:"tool_definitions"`
	ConversationHistory int `yaml:"conversation_history" json:"conversation_history"`
	RetrievedContext    int `yaml:"retrieved_context" json:"retrieved_context"`
	ToolResults         int `yaml:"tool_results" json:"tool_results"`
	UserQuery           int `yaml:"user_query" json:"user_query"`
	ResponseReserve     int `yaml:"response_reserve" json:"response_reserve"`
}

// MaxInput is the window left for the prompt once the reply is reserved.
func (b ContextBudget) MaxInput() int { return b.TotalWindow - b.ResponseReserve }

// Allocated is the sum of the six input allocations (the reserve is not
// input). It saturates at math.MaxInt (math.MinInt for negatives) rather
// than wrapping, so an absurd --rag-budget never adds up to a negative
// total that looks like it fits.
func (b ContextBudget) Allocated() int {
	total, _ := b.allocated()
	return total
}

// allocated is Allocated and whether the sum is exact (did not saturate).
func (b ContextBudget) allocated() (total int, exact bool) {
	exact = true
	for _, v := range []int{b.SystemPrompt, b.ToolDefinitions, b.ConversationHistory,
		b.RetrievedContext, b.ToolResults, b.UserQuery} {
		switch {
		case v > 0 && total > math.MaxInt-v:
			total, exact = math.MaxInt, false
		case v < 0 && total < math.MinInt-v:
			total, exact = math.MinInt, false
		default:
			total += v
		}
	}
	return total, exact
}

// Slack is what the input allocations leave of the max input. It is
// negative for a budget that fails Validate.
func (b ContextBudget) Slack() int { return b.MaxInput() - b.Allocated() }

// budgetField is one allocation with the name a YAML file or a flag uses
// for it, so every error names the key the user has to fix.
type budgetField struct {
	key   string
	value int
}

func (b ContextBudget) fields() []budgetField {
	return []budgetField{
		{"total_window", b.TotalWindow},
		{"system_prompt", b.SystemPrompt},
		{"tool_definitions", b.ToolDefinitions},
		{"conversation_history", b.ConversationHistory},
		{"retrieved_context", b.RetrievedContext},
		{"tool_results", b.ToolResults},
		{"user_query", b.UserQuery},
		{"response_reserve", b.ResponseReserve},
	}
}

// ValidateWindow checks what any use of the budget needs: no negative
// value and a positive window. A request measured as-is needs only this:
// its allocations are advisory, and a reserve that leaves no room for
// input makes the request an overflow (see ReserveOverflowError), not
// one that cannot be measured.
func (b ContextBudget) ValidateWindow() error {
	for _, f := range b.fields() {
		if f.value < 0 {
			return fmt.Errorf("%s is negative (%s)", f.key, numfmt.Thousands(f.value))
		}
	}
	if b.TotalWindow == 0 {
		return fmt.Errorf("total_window is 0: the model window must be positive")
	}
	return nil
}

// Validate is the article's ContextBudget.validate, preceded by the checks
// the article leaves out (negative values, a reserve that eats the whole
// window). An overflow is a *ReserveOverflowError when the reserve alone
// leaves no room, else a *BudgetOverflowError, whose message is the
// article's, word for word.
func (b ContextBudget) Validate() error {
	if err := b.ValidateWindow(); err != nil {
		return err
	}
	if err := b.ValidateReserve(); err != nil {
		return err
	}
	allocated, exact := b.allocated()
	if !exact {
		return b.saturatedOverflow()
	}
	if allocated > b.MaxInput() {
		return &BudgetOverflowError{Allocated: allocated, MaxInput: b.MaxInput()}
	}
	return nil
}

// saturatedOverflow is the overflow of a budget whose allocations add up
// to more than an int holds. There is no total to print, so it names the
// allocation that alone exceeds the max input, the one the user has to
// fix; failing that (a window as large as the allocations), it says the
// sum is beyond counting.
func (b ContextBudget) saturatedOverflow() error {
	largest := budgetField{}
	for _, f := range b.fields() {
		if f.key == "total_window" || f.key == "response_reserve" {
			continue // not input allocations
		}
		if f.value > largest.value {
			largest = f
		}
	}
	if largest.value > b.MaxInput() {
		return &BudgetOverflowError{Allocated: largest.value, Alone: largest.key, MaxInput: b.MaxInput(), Saturated: true}
	}
	return &BudgetOverflowError{Allocated: math.MaxInt, MaxInput: b.MaxInput(), Saturated: true}
}
