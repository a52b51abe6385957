package window

import (
	"encoding/json"
	"fmt"
	"strings"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// chatRequest lays a budgeted input out as a chat service sends it (see
// LayoutChat): the system message, the retrieved context, the history
// message by message, the user's query, then the agent loop's tool calls
// and results. The system message and the query are never cut; the tools
// keep whole definitions in order while they fit; the history and the tool
// results lose whole messages, oldest first, a tool call together with the
// results that answer it, so what is sent is still a valid conversation.
//
// An imported OpenAI request is counted as OpenAI bills it (chatBilled),
// returned for Assemble to count what is kept the same way; nil otherwise.
func chatRequest(in Input, calls []json.RawMessage) (map[string]*assembledComponent, []ChatMessage, int, *chatBilled) {
	tok := in.Tokenizer
	b := in.Budget
	parts := make(map[string]*assembledComponent, len(AllocatedComponentNames))
	messages := make([]ChatMessage, 0, len(in.History)+len(in.ToolResults)+3)

	system := &assembledComponent{raw: in.SystemPrompt, kept: in.SystemPrompt, inMessages: true}
	if tok.Count(in.SystemPrompt) > b.SystemPrompt {
		system.note = "never cut in the chat layout: the system message is sent whole"
	}
	parts[ComponentSystem] = system
	if in.SystemPrompt != "" {
		messages = append(messages, ChatMessage{Role: "system", Content: in.SystemPrompt, Sent: in.SystemSent})
	}

	cb, billed := newChatBilled(in, calls)
	tools, toolsSent := chatTools(in, b.ToolDefinitions, cb)
	parts[ComponentTools] = tools

	rag := articleTruncate(tok, in.RetrievedContext, b.RetrievedContext, tokens.KeepStart, false)
	parts[ComponentRAG] = &assembledComponent{raw: in.RetrievedContext, kept: rag, inMessages: true}
	if in.sendsContext() {
		// The numbering (SendsContext) counts this message.
		messages = append(messages, ChatMessage{Role: "system", Content: articleRAGHeading + rag})
	}

	historyUnits, firstMessage, unpaired := historyUnits(in.History, tok)
	if billed {
		cb.recount(historyUnits, tok)
	}
	history, keptHistory, firstKept := keepNewestUnits(historyUnits, b.ConversationHistory, userFirst(in.Model),
		"oldest messages dropped whole to fit the allocation (a tool call with its outputs)")
	if unpaired > 0 {
		history.note = strings.TrimPrefix(history.note+"; "+numfmt.Count(unpaired, "message", "messages")+" of a tool call the memory strategy split dropped with it (a call is sent with all its results or not at all)", "; ")
	}
	history.raw = renderHistory(in.History, in.SummaryFirst)
	keptFromHistory := len(in.History)
	if firstKept < len(historyUnits) {
		keptFromHistory = firstMessage[firstKept]
	}
	history.kept = renderHistory(in.History[keptFromHistory:], in.SummaryFirst && keptFromHistory == 0)
	parts[ComponentHistory] = history
	messages = append(messages, keptHistory...)

	parts[ComponentQuery] = &assembledComponent{raw: in.UserQuery, kept: in.UserQuery, inMessages: true}
	if in.UserQuery != "" || in.QuerySent != nil || !in.imported() {
		// An imported request with no user message (a system prompt
		// alone) is sent without one, as it came.
		messages = append(messages, ChatMessage{Role: "user", Content: in.UserQuery, Sent: in.QuerySent})
	}

	toolResults, calls, madeUp := withCallIDs(in.ToolResults, calls)
	resultUnits, firstResult := toolResultUnits(toolResults, calls, tok)
	if billed {
		cb.recount(resultUnits, tok)
	}
	results, keptResults, firstKept := keepNewestUnits(resultUnits, b.ToolResults, false, "oldest messages dropped whole to fit the allocation (a tool call with its results)")
	results.raw = toolResultsText(toolResults, calls)
	keptFrom := len(toolResults)
	if firstKept < len(resultUnits) {
		keptFrom = firstResult[firstKept]
	}
	results.kept = toolResultsText(toolResults[keptFrom:], calls[keptFrom:])
	if madeUp > 0 {
		results.note = strings.TrimPrefix(results.note+"; "+madeUpIDsNote(madeUp), "; ")
	}
	parts[ComponentToolResults] = results
	messages = append(messages, keptResults...)
	return parts, messages, toolsSent, cb
}

// chatUnit is what the chat layout keeps or drops whole: one message, or
// an assistant's tool call with the tool messages that answer it.
type chatUnit struct {
	messages []ChatMessage
	tokens   int
}

func newChatUnit(tok tokens.Tokenizer, messages ...ChatMessage) chatUnit {
	u := chatUnit{messages: messages}
	for _, m := range messages {
		u.tokens += m.contentTokens(tok)
	}
	return u
}

// keepNewestUnits keeps the newest units whose tokens fit the allocation,
// stopping at the first that does not, so what is kept is the end of the
// conversation without a gap. The component it returns is counted by
// message contents, as the provider reads them; its texts are the
// caller's to fill. first is the index of the first unit kept.
//
// With userFirst, what is kept starts with a user's message, as
// Anthropic's turns must: the units before one are dropped too.
func keepNewestUnits(units []chatUnit, allocation int, userFirst bool, what string) (c *assembledComponent, kept []ChatMessage, first int) {
	c = &assembledComponent{inMessages: true, counted: true}
	first = len(units)
	for i := len(units) - 1; i >= 0; i-- {
		if c.keptTokens+units[i].tokens > allocation {
			break
		}
		c.keptTokens += units[i].tokens
		first = i
	}
	for userFirst && first < len(units) && units[first].messages[0].Role != "user" {
		c.keptTokens -= units[first].tokens
		first++
	}
	dropped, droppedTokens := 0, 0
	for i, u := range units {
		c.rawTokens += u.tokens
		if i >= first {
			kept = append(kept, u.messages...)
		} else {
			dropped += len(u.messages)
			droppedTokens += u.tokens
		}
	}
	if dropped > 0 {
		c.note = fmt.Sprintf("%s: %s, %s", what,
			numfmt.Count(dropped, "message", "messages"), numfmt.Count(droppedTokens, "token", "tokens"))
	}
	return c, kept, first
}

// historyUnits groups the history into what is dropped together: each
// message alone, except that the tool outputs after an assistant message
// go with it, since a history's tool calls are in the assistant's text
// and an output without its call means nothing. firstMessage[i] is the
// index of unit i's first message.
//
// A message an imported request sent (value.Sent) keeps its own shape, a
// tool message with the id of the call it answers; so its unit is the
// assistant's tool call and the tool messages that answer it, by id. A
// tool message whose call the memory strategy dropped, and a call whose
// answers it dropped, would make a request the provider refuses: they are
// not sent, and unpaired counts their messages.
func historyUnits(history []value.Message, tok tokens.Tokenizer) (units []chatUnit, firstMessage []int, unpaired int) {
	// open are the last sent call's ids not answered yet; a call without
	// an id (functionary's) is answered by the next tool message without
	// one, in order.
	open := map[string]int{}
	for i, m := range history {
		cm := chatHistoryMessage(m)
		if m.Sent != nil {
			ids := sentCallIDs(m.Sent)
			switch answers := sentAnswers(m); {
			case answers != nil:
				if !answersOpen(open, answers) {
					unpaired++
					continue
				}
				last := &units[len(units)-1]
				last.messages = append(last.messages, cm)
				last.tokens += cm.contentTokens(tok)
				continue
			case len(open) > 0:
				// The call before is missing answers: not sent.
				unpaired += len(units[len(units)-1].messages)
				units, firstMessage = units[:len(units)-1], firstMessage[:len(firstMessage)-1]
			}
			open = map[string]int{}
			for _, id := range ids {
				open[id]++
			}
			units = append(units, newChatUnit(tok, cm))
			firstMessage = append(firstMessage, i)
			continue
		}
		if isToolOutputRole(m.Role) && len(units) > 0 && units[len(units)-1].messages[0].Role == "assistant" {
			last := &units[len(units)-1]
			last.messages = append(last.messages, cm)
			last.tokens += cm.contentTokens(tok)
			continue
		}
		units = append(units, newChatUnit(tok, cm))
		firstMessage = append(firstMessage, i)
	}
	// A call still open at the history's end is answered after it (an
	// Anthropic query's own tool_result blocks): it is kept.
	return units, firstMessage, unpaired
}

// answersOpen takes the calls answers answer off open; false, leaving
// open as it was, when one of them answers no open call.
func answersOpen(open map[string]int, answers []string) bool {
	need := map[string]int{}
	for _, id := range answers {
		if need[id]++; need[id] > open[id] {
			return false
		}
	}
	for id, n := range need {
		if open[id] -= n; open[id] == 0 {
			delete(open, id)
		}
	}
	return true
}

// sentAnswers are the calls a sent message answers: a tool message's
// tool_call_id, an Anthropic message's tool_result blocks' tool_use_id;
// nil for a message that answers none.
func sentAnswers(m value.Message) []string {
	if m.Sent.Blocks {
		var blocks []struct {
			Type      string `json:"type"`
			ToolUseID string `json:"tool_use_id"`
		}
		if json.Unmarshal(m.Sent.JSON, &blocks) != nil {
			return nil
		}
		var ids []string
		for _, b := range blocks {
			if b.Type == "tool_result" {
				ids = append(ids, b.ToolUseID)
			}
		}
		return ids
	}
	if m.Role == "tool" {
		return []string{sentString(m.Sent, "tool_call_id")}
	}
	return nil
}

// sentCallIDs are the ids of a sent assistant message's tool_calls (or
// an Anthropic message's tool_use blocks), "" for a call that has none.
func sentCallIDs(sent *value.Sent) []string {
	if sent.Blocks {
		var blocks []struct {
			Type string `json:"type"`
			ID   string `json:"id"`
		}
		if json.Unmarshal(sent.JSON, &blocks) != nil {
			return nil
		}
		var ids []string
		for _, b := range blocks {
			if b.Type == "tool_use" {
				ids = append(ids, b.ID)
			}
		}
		return ids
	}
	var m struct {
		ToolCalls []struct {
			ID string `json:"id"`
		} `json:"tool_calls"`
	}
	if json.Unmarshal(sent.JSON, &m) != nil {
		return nil
	}
	ids := make([]string, len(m.ToolCalls))
	for i, c := range m.ToolCalls {
		ids[i] = c.ID
	}
	return ids
}

// sentString is a string field of a sent message, "" when it has none.
func sentString(sent *value.Sent, key string) string {
	var m map[string]json.RawMessage
	var v string
	if json.Unmarshal(sent.JSON, &m) != nil || json.Unmarshal(m[key], &v) != nil {
		return ""
	}
	return v
}

// isToolOutputRole: the role of a tool's output, today's or the legacy
// function role.
func isToolOutputRole(role string) bool { return role == "tool" || role == "function" }

// chatHistoryMessage is a history message as a chat request carries it.
// A history message has only a role and a text, so a tool output in it
// has no call id to answer, which a provider refuses in a tool message: it
// is sent as a user message that names its role.
func chatHistoryMessage(m value.Message) ChatMessage {
	if m.Sent != nil {
		return ChatMessage{Role: m.Role, Content: m.Content, Sent: m.Sent}
	}
	switch m.Role {
	case "system", "developer", "user", "assistant":
		return ChatMessage{Role: m.Role, Content: m.Content}
	}
	return ChatMessage{Role: "user", Content: m.Role + ": " + m.Content}
}

// toolResultUnits groups the tool results into what is dropped together:
// an assistant message with tool calls and the tool messages after it
// that answer one of its calls. A tool output that answers no call in the
// results (no id, or the call is not there) cannot be a tool message in a
// valid request; it is sent as a system message headed as the article
// heads tool results. firstResult[i] is the index of unit i's first result.
func toolResultUnits(results []ToolResult, calls []json.RawMessage, tok tokens.Tokenizer) (units []chatUnit, firstResult []int) {
	open := map[string]bool{}
	for i, r := range results {
		// A tool message an imported request sent goes with the call
		// before it as it was sent, paired by id or, for calls without
		// ids, by position.
		sentAfterCall := r.Sent != nil && r.role() == "tool" && len(units) > 0 && units[len(units)-1].messages[0].Role == "assistant"
		if sentAfterCall || r.role() == "tool" && r.ToolCallID != "" && open[r.ToolCallID] && len(units) > 0 {
			delete(open, r.ToolCallID)
			m := ChatMessage{Role: "tool", Content: r.Content, ToolCallID: r.ToolCallID, Sent: r.Sent}
			last := &units[len(units)-1]
			last.messages = append(last.messages, m)
			last.tokens += m.contentTokens(tok)
			continue
		}
		open = map[string]bool{}
		switch {
		case r.role() == "tool" && r.Sent != nil:
			units = append(units, newChatUnit(tok, ChatMessage{Role: "tool", Content: r.Content, ToolCallID: r.ToolCallID, Sent: r.Sent}))
		case r.role() == "tool":
			// The heading is counted with the labels, as the article's is.
			line := toolResultsText([]ToolResult{r}, calls[i:i+1])
			m := ChatMessage{Role: "system", Content: articleResultsHeading + line}
			units = append(units, chatUnit{messages: []ChatMessage{m}, tokens: tok.Count(line)})
		default:
			units = append(units, newChatUnit(tok, ChatMessage{Role: r.role(), Content: r.Content, ToolCalls: calls[i], Sent: r.Sent}))
			for _, id := range toolCallIDs(calls[i]) {
				open[id] = true
			}
		}
		firstResult = append(firstResult, i)
	}
	return units, firstResult
}

// toolCallIDs are the ids of a tool_calls array; none when it has none
// or is not the array OpenAI sends.
func toolCallIDs(calls json.RawMessage) []string {
	var parsed []struct {
		ID string `json:"id"`
	}
	if len(calls) == 0 || json.Unmarshal(calls, &parsed) != nil {
		return nil
	}
	ids := make([]string, 0, len(parsed))
	for _, c := range parsed {
		if c.ID != "" {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// chatTools keeps whole tool definitions, in order, while the tools array
// fits the allocation: half a definition is not a tool a provider takes.
// The array is sent beside the messages, as the request's tools, and
// counted as its provider bills it (see providerTools). It returns the
// component and how many definitions, from the first, are sent.
func chatTools(in Input, allocation int, cb *chatBilled) (*assembledComponent, int) {
	// Assemble has compacted every definition once already, so the arrays
	// below cannot fail.
	all, _ := toolsJSON(in.Tools)
	whole := providerTools(in, all)
	c := &assembledComponent{counted: true, rawTokens: billedTokens(whole, in.Tokenizer)}
	// Each definition is an item counted on its JSON, here, so that
	// itemCounts need not compact every definition again.
	if elems := arrayElements(all); len(elems) == len(in.Tools) {
		c.itemTokens = countEachOnce(in.Tokenizer, elems)
	}
	kept, keptJSON := 0, ""
	if cb != nil {
		// As billed: Assemble counts the tools kept on the request sent.
		kept = cb.keptTools(allocation)
		keptJSON, _ = toolsJSON(in.Tools[:kept])
		whole.note = "as OpenAI renders the functions and response format into the prompt (a TypeScript-like namespace), not as the JSON sent"
	}
	for n := len(in.Tools); n > 0 && cb == nil; n-- {
		// All of them is the array counted above, not rendered again:
		// a long description would be held twice more.
		part, candidate := whole, all
		if n < len(in.Tools) {
			candidate, _ = toolsJSON(in.Tools[:n])
			part = providerTools(in, candidate)
		}
		if billed := billedTokens(part, in.Tokenizer); billed <= allocation {
			c.keptTokens, kept, keptJSON = billed, n, candidate
			break
		}
	}
	// The text sent (the component's text for the inspector) is written
	// only for the tools kept: providerTools counted without it.
	if kept > 0 {
		c.kept = providerToolsText(in, keptJSON)
	}
	c.raw, c.cut = c.kept, kept < len(in.Tools)
	var notes []string
	if all != "" {
		notes = append(notes, "sent as the request's tools array, beside the messages")
		if whole.note != "" {
			notes = append(notes, "counted "+whole.note)
		}
	}
	if kept < len(in.Tools) {
		notes = append(notes, fmt.Sprintf("%s of %s kept whole, in order, to fit the allocation",
			numfmt.Thousands(kept), numfmt.Count(len(in.Tools), "definition", "definitions")))
	}
	c.note = strings.Join(notes, "; ")
	return c, kept
}

// billedTokens is a tools component's tokens: providerTools counts what
// the provider renders, or leaves the JSON to be counted as it is.
func billedTokens(c *assembledComponent, tok tokens.Tokenizer) int {
	if c.counted {
		return c.keptTokens
	}
	return tok.Count(c.kept)
}

// userFirst: the model's API wants the conversation to open with a
// user's turn (Anthropic's), so a history cut at its oldest end must not
// start with an assistant's.
func userFirst(model string) bool {
	spec, ok := tokens.LookupModel(model)
	return ok && spec.Provider == tokens.ProviderAnthropic
}
