package window

import (
	"encoding/json"

	"ctxlab/core/tokens"
)

// OpenAIBilled is an OpenAI Chat Completions request rendered into the
// prompt OpenAI bills (openAIPrompt), split so that a caller holding the
// same messages across many requests (a trajectory's turns) counts each
// message once: a message's tokens depend on nothing but the message
// and, for a tool output, the call it answers (the function's name; for
// one of several calls made in one message, the outputs of that
// message's calls before it, with which it is one message: see
// memberTokens), so the request's input tokens are its Fixed tokens
// plus the sum of its messages' MessageTokens.
type OpenAIBilled struct {
	p *openAIPrompt
	// rendered are each body message's rendered messages (none for a
	// system message a search model drops, two for an assistant's text
	// and its tool calls, its element of one for a parallel call's
	// output).
	rendered [][]billedPart
	// tools is the index in p.messages of the tools' own system message,
	// -1 when the tools are joined to the first message or absent.
	tools int
}

// RenderOpenAIBilled renders a Chat Completions body for model; responses
// says it is the chat form of a Responses API body
// (core.Scenario.OpenAIResponses). ok is false when the body is not a
// Chat Completions request (no messages list, a tool that is no
// function).
func RenderOpenAIBilled(body, model string, responses bool) (b *OpenAIBilled, ok bool) {
	node, err := parseOrderedJSON(body)
	if err != nil {
		return nil, false
	}
	return renderBilled(node, model, responses)
}

// RenderOpenAIMessages renders messages and tools (each a Chat
// Completions tool's JSON) as a body holding them is rendered.
func RenderOpenAIMessages(msgs []ChatMessage, tools []json.RawMessage, model string, responses bool) (b *OpenAIBilled, ok bool) {
	body := struct {
		Messages []ChatMessage     `json:"messages"`
		Tools    []json.RawMessage `json:"tools,omitempty"`
	}{msgs, tools}
	if body.Messages == nil {
		body.Messages = []ChatMessage{}
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, false
	}
	return RenderOpenAIBilled(string(data), model, responses)
}

func renderBilled(body *jsonNode, model string, responses bool) (*OpenAIBilled, bool) {
	p, ok := renderOpenAIPrompt(body, model, responses)
	if !ok {
		return nil, false
	}
	b := &OpenAIBilled{p: p, rendered: make([][]billedPart, len(body.get("messages").items)), tools: -1}
	for i, m := range p.messages {
		switch {
		case m.source < 0:
			b.tools = i
		case len(m.members) > 0:
			for k, g := range m.members {
				b.rendered[g.source] = append(b.rendered[g.source], billedPart{msg: i, member: k})
			}
		default:
			b.rendered[m.source] = append(b.rendered[m.source], billedPart{msg: i, member: -1})
		}
	}
	return b, true
}

// billedPart is a body message's part of the prompt: prompt message msg,
// whole (member -1) or the member-th output it holds.
type billedPart struct {
	msg, member int
}

// frame is the part's framing: its message's, or for the outputs of a
// parallel call, the first's.
func (b *OpenAIBilled) frame(r billedPart, tok tokens.Tokenizer) int {
	if r.member > 0 {
		return 0
	}
	return promptMessageFrame(&b.p.messages[r.msg], tok)
}

// Len is the number of the body's messages.
func (b *OpenAIBilled) Len() int { return len(b.rendered) }

// MessageTokens is what the body's i-th message costs: its rendered
// content (without the tools and response format a leading system
// message carries) and its framing (3 tokens, its header and the
// header's extra), over each prompt message it renders as; an output
// of a parallel call, its share of the outputs' message (memberTokens).
func (b *OpenAIBilled) MessageTokens(i int, tok tokens.Tokenizer) int {
	n := 0
	for _, r := range b.rendered[i] {
		m := &b.p.messages[r.msg]
		n += b.frame(r, tok)
		if r.member >= 0 {
			n += memberTokens(m, r.member, tok)
			continue
		}
		parts := m.content.parts
		if m.toolsFrom >= 0 {
			parts = parts[:m.toolsFrom]
		}
		n += countOnce(tok, parts...)
	}
	return n
}

// MessageFraming is the framing part of MessageTokens(i): what the
// message costs whatever its content holds (a tool output's header
// names the function it answers).
func (b *OpenAIBilled) MessageFraming(i int, tok tokens.Tokenizer) int {
	n := 0
	for _, r := range b.rendered[i] {
		n += b.frame(r, tok)
	}
	return n
}

// FixedTokens is what no message holds: the reply priming, the tools and
// response format (as their own system message, or what they add to the
// leading system message they are joined to) and what the tools cost
// beyond their text.
func (b *OpenAIBilled) FixedTokens(tok tokens.Tokenizer) int {
	tools := 0
	if b.tools >= 0 {
		m := &b.p.messages[b.tools]
		tools += countOnce(tok, m.content.parts...) + promptMessageFrame(m, tok)
	}
	for _, r := range b.rendered {
		for _, part := range r {
			if m := &b.p.messages[part.msg]; m.toolsFrom >= 0 {
				tools += countOnce(tok, m.content.parts...) - countOnce(tok, m.content.parts[:m.toolsFrom]...)
			}
		}
	}
	if len(b.p.toolBlocks) > 0 || tools != 0 || b.p.toolsAdjust != 0 {
		tools += b.p.toolsAdjust
	}
	return b.p.primingTokens(tok) + tools
}

// promptMessageFrame is a prompt message's framing: 3 tokens, its header
// and what the header costs beyond its text.
func promptMessageFrame(m *promptMessage, tok tokens.Tokenizer) int {
	return promptPerMessage + m.extra + promptHeaderTokens(tok, m.header)
}
