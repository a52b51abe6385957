package core

import "ctxlab/core/window"

// Numbering numbers the scenario's messages as the request sends them
// (window.Numbering): message N is the Nth message of the request as
// sent, from 1, the system message included; tool result N is the Nth
// tool result among tool results only. An imported request keeps the
// numbers it was sent under; any other scenario is numbered over the
// request ctxlab assembles from it (system prompt, history, query, tool
// results). query is the user's query the request is assembled with,
// context whether the request sends the retrieved context as its own
// message (window.SendsContext; Evaluation.Numbers knows it).
// Every view, finding, fix, report and item edit names a message or a
// tool result by this numbering.
func (sc *Scenario) Numbering(query string, context bool) window.Numbering {
	return sc.numberingWith(query, context, sc.ToolResults)
}

// numberingWith is Numbering with the tool results the request is
// assembled with (an agent step's context stands in for the scenario's).
func (sc *Scenario) numberingWith(query string, context bool, toolResults []window.ToolResult) window.Numbering {
	imported := sc.SystemSent != nil || sc.QuerySent != nil || sc.Provider != ""
	querySent := sc.QuerySent
	if query != sc.Settings.Query {
		querySent = nil
	}
	return window.NumberMessages(sc.SystemPrompt != "" || sc.SystemSent != nil, context, query != "" || !imported, querySent, sc.History, toolResults)
}
