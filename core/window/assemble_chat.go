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
func chatRequest(in Input, calls []json.RawMessage) (map[string]*assembledComponent, []ChatMessage, int) {
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
		messages = append(messages, ChatMessage{Role: "system", Content: in.SystemPrompt})
	}

	tools, toolsSent := chatTools(in, b.ToolDefinitions)
	parts[ComponentTools] = tools

	rag := articleTruncate(tok, in.RetrievedContext, b.RetrievedContext, tokens.KeepStart, false)
	parts[ComponentRAG] = &assembledComponent{raw: in.RetrievedContext, kept: rag, inMessages: true}
	if rag != "" {
		messages = append(messages, ChatMessage{Role: "system", Content: articleRAGHeading + rag})
	}

	historyUnits, firstMessage := historyUnits(in.History, tok)
	history, keptHistory, firstKept := keepNewestUnits(historyUnits, b.ConversationHistory,
		"oldest messages dropped whole to fit the allocation (a tool call with its outputs)")
	history.raw = renderHistory(in.History, in.SummaryFirst)
	keptFromHistory := len(in.History)
	if firstKept < len(historyUnits) {
		keptFromHistory = firstMessage[firstKept]
	}
	history.kept = renderHistory(in.History[keptFromHistory:], in.SummaryFirst && keptFromHistory == 0)
	parts[ComponentHistory] = history
	messages = append(messages, keptHistory...)

	parts[ComponentQuery] = &assembledComponent{raw: in.UserQuery, kept: in.UserQuery, inMessages: true}
	messages = append(messages, ChatMessage{Role: "user", Content: in.UserQuery})

	toolResults, calls, madeUp := withCallIDs(in.ToolResults, calls)
	resultUnits, firstResult := toolResultUnits(toolResults, calls, tok)
	results, keptResults, firstKept := keepNewestUnits(resultUnits, b.ToolResults, "oldest messages dropped whole to fit the allocation (a tool call with its results)")
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
	return parts, messages, toolsSent
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
func keepNewestUnits(units []chatUnit, allocation int, what string) (c *assembledComponent, kept []ChatMessage, first int) {
	c = &assembledComponent{inMessages: true, counted: true}
	first = len(units)
	for i := len(units) - 1; i >= 0; i-- {
		if c.keptTokens+units[i].tokens > allocation {
			break
		}
		c.keptTokens += units[i].tokens
		first = i
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
func historyUnits(history []value.Message, tok tokens.Tokenizer) (units []chatUnit, firstMessage []int) {
	for i, m := range history {
		cm := chatHistoryMessage(m)
		if isToolOutputRole(m.Role) && len(units) > 0 && units[len(units)-1].messages[0].Role == "assistant" {
			last := &units[len(units)-1]
			last.messages = append(last.messages, cm)
			last.tokens += cm.contentTokens(tok)
			continue
		}
		units = append(units, newChatUnit(tok, cm))
		firstMessage = append(firstMessage, i)
	}
	return units, firstMessage
}

// isToolOutputRole: the role of a tool's output, today's or the legacy
// function role.
func isToolOutputRole(role string) bool { return role == "tool" || role == "function" }

// chatHistoryMessage is a history message as a chat request carries it.
// A history message has only a role and a text, so a tool output in it
// has no call id to answer, which a provider refuses in a tool message: it
// is sent as a user message that names its role.
func chatHistoryMessage(m value.Message) ChatMessage {
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
		if r.role() == "tool" && r.ToolCallID != "" && open[r.ToolCallID] && len(units) > 0 {
			delete(open, r.ToolCallID)
			m := ChatMessage{Role: "tool", Content: r.Content, ToolCallID: r.ToolCallID}
			last := &units[len(units)-1]
			last.messages = append(last.messages, m)
			last.tokens += m.contentTokens(tok)
			continue
		}
		open = map[string]bool{}
		if r.role() == "tool" {
			// The heading is counted with the labels, as the article's is.
			line := toolResultsText([]ToolResult{r}, calls[i:i+1])
			m := ChatMessage{Role: "system", Content: articleResultsHeading + line}
			units = append(units, chatUnit{messages: []ChatMessage{m}, tokens: tok.Count(line)})
		} else {
			units = append(units, newChatUnit(tok, ChatMessage{Role: r.role(), Content: r.Content, ToolCalls: calls[i]}))
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
func chatTools(in Input, allocation int) (*assembledComponent, int) {
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
	for n := len(in.Tools); n > 0; n-- {
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
