package window

import "ctxlab/core/value"

// Numbering is the one numbering of a request's messages, which every
// view, finding, fix, report and item edit uses:
//
//   - A message's number is its position in the request as sent, from 1,
//     the system message included. An imported request's messages keep
//     the numbers they were sent under (value.Sent.Number); for an
//     Anthropic request the top-level system prompt is message 1.
//   - For any other input, the request is the one ctxlab assembles, in
//     the chat layout's order: the system prompt (message 1 when there
//     is one), the retrieved context's block when the request sends it
//     (its own system message, see SendsContext), the history, the
//     user's query, then the tool-results items. The documents in the
//     block are numbered as documents (#N); the block itself is a
//     message like any other.
//   - A tool result's number is its position among the request's tool
//     results only (tool messages, Anthropic tool_result blocks), the
//     history's included, from 1.
type Numbering struct {
	// System is the system message's number, 0 when there is none.
	System int
	// Context is the retrieved context's message number, 0 when the
	// request sends none.
	Context int
	// History is each history message's number.
	History []int
	// HistoryToolResults is, for each history message, the number of the
	// first tool result it carries and how many it carries.
	HistoryToolResults [][2]int
	// Query is the user's query's number, 0 when the request has none.
	Query int
	// Results is each tool-results item's message number.
	Results []int
	// ToolResult is each tool-results item's number among tool results,
	// 0 for an item that is not a tool's output (an assistant's calls).
	ToolResult []int
	// ToolResults is how many tool results the request has.
	ToolResults int
	// Messages is the highest message number.
	Messages int
}

// NumberMessages numbers a request's messages (see Numbering): system
// says it has a system message, context that it sends the retrieved
// context as its own message after it (SendsContext), query that it has
// a user query (an imported request may have none), querySent the
// query's message as sent.
func NumberMessages(system, context, query bool, querySent *value.Sent, history []value.Message, results []ToolResult) Numbering {
	n := Numbering{History: make([]int, len(history)), HistoryToolResults: make([][2]int, len(history)),
		Results: make([]int, len(results)), ToolResult: make([]int, len(results))}
	next := 1
	if system {
		n.System, next = 1, 2
	}
	take := func(sent *value.Sent) int {
		num := next
		if sent != nil && sent.Number >= next {
			num = sent.Number
		}
		if num >= next {
			next = num + 1
		}
		return num
	}
	if context {
		n.Context = take(nil)
	}
	for i, m := range history {
		n.History[i] = take(m.Sent)
		answers := 0
		switch {
		case m.Sent != nil:
			answers = len(sentAnswers(m))
		case isToolOutputRole(m.Role):
			answers = 1
		}
		if answers > 0 {
			n.HistoryToolResults[i] = [2]int{n.ToolResults + 1, answers}
			n.ToolResults += answers
		}
	}
	if query || querySent != nil {
		n.Query = take(querySent)
	}
	for i, r := range results {
		// Anthropic's tool_result blocks of one user message share it.
		if r.Sent != nil && i > 0 && r.Sent.Number == n.Results[i-1] {
			n.Results[i] = r.Sent.Number
		} else if r.Sent != nil && r.Sent.Number == n.Query && n.Query > 0 {
			n.Results[i] = n.Query
		} else {
			n.Results[i] = take(r.Sent)
		}
		if isToolOutputRole(r.role()) {
			n.ToolResults++
			n.ToolResult[i] = n.ToolResults
		}
	}
	n.Messages = next - 1
	return n
}

// Numbering is the input's numbering of its messages.
func (in Input) Numbering() Numbering {
	return NumberMessages(in.SystemPrompt != "" || in.SystemSent != nil, in.sendsContext(), in.UserQuery != "" || !in.imported(), in.QuerySent, in.History, in.ToolResults)
}

// SendsContext says whether a request assembled in mode and layout, with
// allocation tokens for the retrieved context, sends the context's block
// as its own system message: measured, whenever there is a block; in the
// chat layout, when its allocation keeps some of it; in the article's
// layout, whenever there is a block, since its assembler sends the
// heading even when the allocation keeps nothing.
func SendsContext(mode Mode, layout Layout, allocation int, block string) bool {
	switch {
	case block == "":
		return false
	case mode != MeasureOnly && layout == LayoutChat:
		return allocation > 0
	}
	return true
}

// sendsContext is SendsContext for the input.
func (in Input) sendsContext() bool {
	return SendsContext(in.mode(), in.layout(), in.Budget.RetrievedContext, in.RetrievedContext)
}
