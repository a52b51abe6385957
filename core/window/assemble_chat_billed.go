package window

import (
	"encoding/json"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// chatBilled counts the chat layout of an imported OpenAI request as
// OpenAI bills it, the way measure mode counts the request as sent
// (billedOpenAI): each message's content as rendered into the prompt,
// the tools as the namespace the prompt holds, and the framing as the
// rendering's own. Without it the chat layout counted the tools with
// the community estimate and a tool call as its JSON, so the same
// request came out with other raw counts in each mode and a "cut"
// appeared where nothing was removed.
type chatBilled struct {
	whole   *OpenAIBilled
	counts  promptCounts
	content map[*value.Sent]int
}

// newChatBilled renders the input's whole request (the system message,
// the history, the query and the tool results, in the order the chat
// layout sends them, with every tool) as OpenAI bills it. ok is false
// when the input is not an imported OpenAI request, holds retrieved
// context the body did not carry, or a message the request did not send
// (a memory strategy's summary, an agent step's output): the chat layout
// then counts each message's content as it stands.
func newChatBilled(in Input, calls []json.RawMessage) (*chatBilled, bool) {
	if in.OpenAIBody == "" || in.RetrievedContext != "" {
		return nil, false
	}
	for _, m := range in.History {
		if m.Sent == nil {
			return nil, false
		}
	}
	for _, r := range in.ToolResults {
		if r.Sent == nil {
			return nil, false
		}
	}
	if spec, known := tokens.LookupModel(in.Model); known && spec.Provider == tokens.ProviderAnthropic {
		return nil, false
	}
	msgs := make([]ChatMessage, 0, len(in.History)+len(in.ToolResults)+2)
	if in.SystemPrompt != "" {
		msgs = append(msgs, ChatMessage{Role: "system", Content: in.SystemPrompt, Sent: in.SystemSent})
	}
	for _, m := range in.History {
		msgs = append(msgs, chatHistoryMessage(m))
	}
	if in.UserQuery != "" || in.QuerySent != nil {
		msgs = append(msgs, ChatMessage{Role: "user", Content: in.UserQuery, Sent: in.QuerySent})
	}
	for i, r := range in.ToolResults {
		msgs = append(msgs, ChatMessage{Role: r.role(), Content: r.Content, ToolCallID: r.ToolCallID, ToolCalls: calls[i], Sent: r.Sent})
	}
	b, ok := RenderOpenAIMessages(msgs, in.Tools, in.Model, in.OpenAIResponses)
	if !ok || b.Len() != len(msgs) {
		return nil, false
	}
	cb := &chatBilled{whole: b, counts: b.p.count(in.Tokenizer), content: make(map[*value.Sent]int, len(msgs))}
	for i, m := range msgs {
		if m.Sent != nil {
			cb.content[m.Sent] = b.MessageTokens(i, in.Tokenizer) - b.MessageFraming(i, in.Tokenizer)
		}
	}
	return cb, true
}

// recount sets each unit's tokens to its messages' billed contents.
func (cb *chatBilled) recount(units []chatUnit, tok tokens.Tokenizer) {
	for u := range units {
		n := 0
		for _, m := range units[u].messages {
			if billed, ok := cb.content[m.Sent]; ok && m.Sent != nil {
				n += billed
			} else {
				n += m.contentTokens(tok)
			}
		}
		units[u].tokens = n
	}
}

// keptTools is how many of the tools, whole and in order, fit the
// allocation as billed: the namespace's fixed part with each tool's
// block.
func (cb *chatBilled) keptTools(allocation int) int {
	total := cb.counts.components[ComponentTools]
	if total <= allocation {
		return len(cb.counts.toolItems)
	}
	fixed := total
	for _, n := range cb.counts.toolItems {
		fixed -= n
	}
	kept, used := 0, fixed
	for _, n := range cb.counts.toolItems {
		if used+n > allocation {
			break
		}
		used += n
		kept++
	}
	return kept
}

// apply counts the components and the framing of the request kept
// (messages and tools as sent) as billed, the raw counts being the
// whole request's; rendered is the kept request, for each message's
// count.
func (cb *chatBilled) apply(in Input, parts map[string]*assembledComponent, messages []ChatMessage, tools []json.RawMessage) (framing int, rendered *OpenAIBilled, ok bool) {
	kept, ok := RenderOpenAIMessages(messages, tools, in.Model, in.OpenAIResponses)
	if !ok {
		return 0, nil, false
	}
	keptCounts := kept.p.count(in.Tokenizer)
	for _, name := range []string{ComponentSystem, ComponentTools, ComponentHistory, ComponentQuery, ComponentToolResults} {
		c := parts[name]
		if c == nil {
			c = &assembledComponent{}
			parts[name] = c
		}
		c.counted = true
		c.rawTokens, c.keptTokens = cb.counts.components[name], keptCounts.components[name]
		switch name {
		case ComponentHistory:
			c.itemTokens = cb.counts.historyItems
		case ComponentToolResults:
			c.itemTokens = cb.counts.resultItems
		case ComponentTools:
			if len(cb.counts.toolItems) > 0 {
				c.itemTokens = cb.counts.toolItems
			}
		}
	}
	return keptCounts.framing, kept, true
}
