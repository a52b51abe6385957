package metrics

import (
	"time"

	"ctxlab/core/window"
)

// ContextMetrics is the article's per-request record, one JSON line of a
// metrics log. The first eleven fields are the article's; the last two are
// ctxlab's and optional when reading, so the article's own records load.
type ContextMetrics struct {
	RequestID        string `json:"request_id"`
	UseCase          string `json:"use_case"`
	TotalInputTokens int    `json:"total_input_tokens"`
	SystemTokens     int    `json:"system_tokens"`
	HistoryTokens    int    `json:"history_tokens"`
	RAGTokens        int    `json:"rag_tokens"`
	// ToolTokens is tool definitions plus tool results: the article has
	// one field for both.
	ToolTokens  int `json:"tool_tokens"`
	QueryTokens int `json:"query_tokens"`
	// BudgetUtilization is total input / max input.
	BudgetUtilization   float64  `json:"budget_utilization"`
	TruncatedComponents []string `json:"truncated_components"`
	// Timestamp is RFC 3339, in UTC.
	Timestamp string `json:"timestamp"`

	// MaxInputTokens is the budget's max input (0 when unknown).
	MaxInputTokens int `json:"max_input_tokens,omitempty"`
	// FramingTokens and LabelTokens are the parts of the total no
	// component field holds, so the fields add up to the total.
	FramingTokens int `json:"framing_tokens,omitempty"`
	LabelTokens   int `json:"label_tokens,omitempty"`
}

// For builds the record of an assembly. An empty useCase takes the
// assembly's. The timestamp is now in UTC; the caller passes the clock so
// core stays deterministic.
func For(a *window.Assembly, requestID, useCase string, now time.Time) ContextMetrics {
	if useCase == "" {
		useCase = a.UseCase
	}
	used := func(name string) int {
		c, _ := a.Component(name)
		return c.Used
	}
	truncated := a.TruncatedComponents()
	if truncated == nil {
		truncated = []string{} // the article writes [], never null
	}
	return ContextMetrics{
		RequestID:           requestID,
		UseCase:             useCase,
		TotalInputTokens:    a.Used,
		SystemTokens:        used(window.ComponentSystem),
		HistoryTokens:       used(window.ComponentHistory),
		RAGTokens:           used(window.ComponentRAG),
		ToolTokens:          used(window.ComponentTools) + used(window.ComponentToolResults),
		QueryTokens:         used(window.ComponentQuery),
		BudgetUtilization:   a.Utilization,
		TruncatedComponents: truncated,
		Timestamp:           now.UTC().Format(time.RFC3339),
		// A reserve as large as the window leaves a max input of zero
		// or less; the log records none rather than a negative count.
		MaxInputTokens: max(0, a.MaxInput),
		FramingTokens:  used(window.ComponentFraming),
		LabelTokens:    used(window.ComponentLabels),
	}
}
