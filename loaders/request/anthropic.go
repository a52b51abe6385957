package request

import (
	"bytes"
	"encoding/json"
	"strings"

	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/loaders"
)

// anthropicBlock is one content block of an Anthropic message.
type anthropicBlock struct {
	typ string
	obj map[string]any
	raw json.RawMessage // the block as the file holds it, when known
}

// anthropicMessage is one message with its content as blocks; a string
// content is one text block.
type anthropicMessage struct {
	role   string
	blocks []anthropicBlock
}

func (m anthropicMessage) hasText() bool {
	for _, b := range m.blocks {
		if b.typ == "text" {
			return true
		}
	}
	return false
}

// readAnthropicMessages splits a Messages body the way readOpenAIMessages
// splits a Chat Completions one. The query is the last user message with a
// text block: a user message that only carries tool_result blocks answers
// a tool call and belongs to the tool results. tool_result blocks in the
// query's own message are tool results too.
func readAnthropicMessages(site requestSite, body map[string]any, messages []any, raw *rawRequest, req *chatRequest) error {
	system, err := anthropicSystem(site, body["system"])
	if err != nil {
		return err
	}
	msgs := make([]anthropicMessage, len(messages))
	query := -1
	toolNames := map[string]string{}
	for i, m := range messages {
		if msgs[i], err = anthropicMessageOf(site, i, m, raw.message(i, len(messages))); err != nil {
			return err
		}
		if msgs[i].role == "user" && msgs[i].hasText() {
			query = i
		}
		for _, b := range msgs[i].blocks {
			if b.typ == "tool_use" {
				id, _ := b.obj["id"].(string)
				name, _ := b.obj["name"].(string)
				toolNames[id] = name
			}
		}
	}
	if query < 0 {
		return site.errorf(`no user message: a chat request needs at least one message with role "user" that has text (a user message with only tool_result blocks answers a tool call)`)
	}

	systems := []string{}
	if system != "" {
		systems = append(systems, system)
	}
	if list, ok := body["system"].([]any); ok && len(list) > 0 {
		// Its blocks as sent, cache_control and all, for the body
		// written back; a string system is its text.
		if data, err := loaders.MarshalJSON(list); err == nil {
			req.systemSent = &value.Sent{Number: 1, JSON: data, Blocks: true}
		}
	}
	// Messages are numbered as sent, the top-level system prompt message
	// 1 (window.Numbering).
	at := 0
	if len(systems) > 0 || req.systemSent != nil {
		at = 1
	}
	historyTools := false
	for i, msg := range msgs {
		switch {
		case msg.role == "system":
			// Anthropic's API takes system messages between turns (in
			// beta); their text is system text wherever it is.
			systems = append(systems, anthropicText(msg.blocks, false))
			req.notes = appendOnce(req.notes, noteMovedSystem)
			req.systemSent = nil
		case i < query:
			text := anthropicText(msg.blocks, true)
			for _, b := range msg.blocks {
				historyTools = historyTools || b.typ == "tool_use" || b.typ == "tool_result"
			}
			req.history = append(req.history, value.Message{Role: msg.role, Content: text, Sent: blocksSent(i+at, msg.blocks)})
		case i == query:
			req.query = anthropicText(withoutToolResults(msg.blocks), false)
			req.querySent = blocksSent(i+at, withoutToolResults(msg.blocks))
			req.toolResults = append(req.toolResults, anthropicToolResults(i+at, msg, toolNames, false)...)
		case msg.role == "assistant":
			turn := anthropicAssistantTurn(msg)
			turn.Sent = blocksSent(i+at, msg.blocks)
			req.toolResults = append(req.toolResults, turn)
		default:
			req.toolResults = append(req.toolResults, anthropicToolResults(i+at, msg, toolNames, true)...)
		}
	}
	req.systemPrompt = strings.Join(systems, "\n\n")
	req.anthropic = anthropicPromptOf(body, req.tools)
	if note := anthropicServerSideNote(req.anthropic); note != "" {
		req.notes = append(req.notes, note)
	}
	if historyTools {
		req.notes = append(req.notes, noteHistoryToolCalls)
	}
	return nil
}

// anthropicSystem reads the top-level system prompt: a string or a list
// of text blocks (which carry cache_control and the like).
func anthropicSystem(site requestSite, v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case []any:
		texts := make([]string, 0, len(x))
		for j, item := range x {
			if s, ok := item.(string); ok {
				texts = append(texts, s)
				continue
			}
			block, ok := loaders.AsMap(item)
			if !ok {
				return "", site.errorf(`"system" block %d is %s; expected {type: "text", text}`, j+1, loaders.Describe(item))
			}
			text, ok := block["text"].(string)
			if !ok {
				return "", site.errorf(`"system" block %d: "text" is %s; expected a string`, j+1, loaders.Describe(block["text"]))
			}
			texts = append(texts, text)
		}
		return strings.Join(texts, "\n\n"), nil
	}
	return "", site.errorf(`"system" is %s; expected a string or a list of text blocks`, loaders.Describe(v))
}

// anthropicMessageOf reads one message into blocks, checking the role and
// each block's type.
func anthropicMessageOf(site requestSite, i int, m any, rm rawMessage) (anthropicMessage, error) {
	obj, ok := loaders.AsMap(m)
	if !ok {
		return anthropicMessage{}, site.errorf("message %d is %s; expected an object {role, content}", i+1, loaders.Describe(m))
	}
	role, ok := obj["role"].(string)
	if !ok || strings.TrimSpace(role) == "" {
		return anthropicMessage{}, site.errorf(`message %d: "role" is %s; expected "user" or "assistant"`, i+1, loaders.Describe(obj["role"]))
	}
	msg := anthropicMessage{role: strings.ToLower(strings.TrimSpace(role))}
	// The Messages API takes user and assistant; a system message, which
	// it refuses, is still read as system text (see readAnthropicMessages).
	if msg.role != "user" && msg.role != "assistant" && msg.role != "system" {
		return anthropicMessage{}, site.errorf("message %d: role %s; expected user or assistant", i+1, loaders.Quoted(role))
	}
	switch content := obj["content"].(type) {
	case nil:
	case string:
		msg.blocks = []anthropicBlock{{typ: "text", obj: map[string]any{"type": "text", "text": content}}}
	case []any:
		for j, item := range content {
			if s, ok := item.(string); ok {
				msg.blocks = append(msg.blocks, anthropicBlock{typ: "text", obj: map[string]any{"type": "text", "text": s}})
				continue
			}
			block, ok := loaders.AsMap(item)
			if !ok {
				return anthropicMessage{}, site.errorf("message %d: content block %d is %s; expected an object {type, ...}", i+1, j+1, loaders.Describe(item))
			}
			typ, ok := block["type"].(string)
			if !ok || typ == "" {
				return anthropicMessage{}, site.errorf(`message %d: content block %d: "type" is %s; expected text, image, tool_use or tool_result`, i+1, j+1, loaders.Describe(block["type"]))
			}
			if typ == "text" {
				if _, ok := block["text"].(string); !ok {
					return anthropicMessage{}, site.errorf(`message %d: content block %d: "text" is %s; expected a string`, i+1, j+1, loaders.Describe(block["text"]))
				}
			}
			if typ == "tool_result" {
				if err := checkToolResultContent(site, i, j, block["content"]); err != nil {
					return anthropicMessage{}, err
				}
			}
			msg.blocks = append(msg.blocks, anthropicBlock{typ: typ, obj: block, raw: rm.block(j, len(content))})
		}
	default:
		return anthropicMessage{}, site.errorf(`message %d: "content" is %s; expected a string or a list of content blocks`, i+1, loaders.Describe(content))
	}
	return msg, nil
}

func checkToolResultContent(site requestSite, i, j int, v any) error {
	switch x := v.(type) {
	case nil, string:
		return nil
	case []any:
		for k, item := range x {
			if _, ok := loaders.AsMap(item); !ok {
				if _, isString := item.(string); !isString {
					return site.errorf("message %d: content block %d: tool_result content %d is %s; expected a content block", i+1, j+1, k+1, loaders.Describe(item))
				}
			}
		}
		return nil
	}
	return site.errorf(`message %d: content block %d: tool_result "content" is %s; expected a string or a list of blocks`, i+1, j+1, loaders.Describe(v))
}

// anthropicText renders blocks as the text a reader of the context sees:
// text as is, images and documents as placeholders, and, when withTools,
// tool_use blocks as their JSON and tool_result blocks as their content.
func anthropicText(blocks []anthropicBlock, withTools bool) string {
	texts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		switch b.typ {
		case "text":
			text, _ := b.obj["text"].(string)
			texts = append(texts, text)
		case "thinking":
			text, _ := b.obj["thinking"].(string)
			texts = append(texts, text)
		case "redacted_thinking":
			texts = append(texts, "[redacted thinking]")
		case "image":
			texts = append(texts, imagePlaceholder)
		case "document":
			texts = append(texts, documentPlaceholder)
		case "tool_use":
			if withTools {
				data, err := compactJSON(b.raw, b.obj)
				if err == nil {
					texts = append(texts, string(data))
				}
			}
		case "tool_result":
			if withTools {
				texts = append(texts, toolResultText(b.obj["content"]))
			}
		default:
			texts = append(texts, "["+b.typ+"]")
		}
	}
	return joinText(texts...)
}

// toolResultText renders a tool_result's content: a string, or blocks.
func toolResultText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var blocks []anthropicBlock
		for _, item := range x {
			if s, ok := item.(string); ok {
				blocks = append(blocks, anthropicBlock{typ: "text", obj: map[string]any{"text": s}})
				continue
			}
			obj, _ := loaders.AsMap(item)
			typ, _ := obj["type"].(string)
			blocks = append(blocks, anthropicBlock{typ: typ, obj: obj})
		}
		return anthropicText(blocks, false)
	}
	return ""
}

func withoutToolResults(blocks []anthropicBlock) []anthropicBlock {
	kept := make([]anthropicBlock, 0, len(blocks))
	for _, b := range blocks {
		if b.typ != "tool_result" {
			kept = append(kept, b)
		}
	}
	return kept
}

// anthropicAssistantTurn is an assistant message after the query: its
// text, and its tool_use blocks as the JSON array of calls.
func anthropicAssistantTurn(msg anthropicMessage) window.ToolResult {
	var uses [][]byte
	var rest []anthropicBlock
	for _, b := range msg.blocks {
		if b.typ != "tool_use" {
			rest = append(rest, b)
			continue
		}
		if data, err := compactJSON(b.raw, b.obj); err == nil {
			uses = append(uses, data)
		}
	}
	result := window.ToolResult{Role: "assistant", Content: anthropicText(rest, false)}
	if len(uses) > 0 {
		result.ToolCalls = json.RawMessage(bytes.Join([][]byte{[]byte("["), bytes.Join(uses, []byte(",")), []byte("]")}, nil))
	}
	return result
}

// anthropicToolResults turns a user message's tool_result blocks into tool
// outputs named after the tool_use they answer. With keepRest, the
// message's other blocks (images a tool returned, say) become one more
// item with the message's role, so they are still counted; the query's
// message passes false, since its text is the query.
func anthropicToolResults(i int, msg anthropicMessage, toolNames map[string]string, keepRest bool) []window.ToolResult {
	var results []window.ToolResult
	var rest []anthropicBlock
	for _, b := range msg.blocks {
		if b.typ != "tool_result" {
			rest = append(rest, b)
			continue
		}
		id, _ := b.obj["tool_use_id"].(string)
		results = append(results, window.ToolResult{Name: toolNames[id], Content: toolResultText(b.obj["content"]), ToolCallID: id,
			Sent: blocksSent(i, []anthropicBlock{b})})
	}
	if keepRest && len(rest) > 0 {
		results = append(results, window.ToolResult{Role: msg.role, Content: anthropicText(rest, false), Sent: blocksSent(i, rest)})
	}
	return results
}

// appendOnce appends note unless it is already there.
func appendOnce(notes []string, note string) []string {
	for _, n := range notes {
		if n == note {
			return notes
		}
	}
	return append(notes, note)
}

// blocksSent is blocks of message i as the request sent them (value.Sent
// with Blocks): each block's own JSON, in a list.
func blocksSent(i int, blocks []anthropicBlock) *value.Sent {
	parts := make([][]byte, 0, len(blocks))
	for _, b := range blocks {
		data, err := compactJSON(b.raw, b.obj)
		if err != nil {
			return nil
		}
		parts = append(parts, data)
	}
	list := bytes.Join([][]byte{[]byte("["), bytes.Join(parts, []byte(",")), []byte("]")}, nil)
	return &value.Sent{Number: i + 1, JSON: list, Blocks: true}
}
