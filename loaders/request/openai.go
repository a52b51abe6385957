package request

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// Placeholders stand for content that is not text. The provider counts an
// image by its size, not its bytes, so a placeholder keeps the message
// readable without pretending to measure it.
const (
	imagePlaceholder    = "[image]"
	audioPlaceholder    = "[audio]"
	filePlaceholder     = "[file]"
	documentPlaceholder = "[document]"
)

// Notes an import adds when it had to reshape the request to fit core's
// components.
const (
	noteHistoryToolCalls = "tool calls in the history are counted as their JSON beside the message text; the messages are sent as they were"
	noteMovedSystem      = "a system message that came after the conversation started is counted in the system prompt"
)

// OpenAIMessageRoles are the roles Chat Completions accepts; function is
// the legacy form of tool. Any other role would be counted as history text
// the provider never receives, so it is an error.
var OpenAIMessageRoles = map[string]bool{
	"system": true, "developer": true, "user": true, "assistant": true, "tool": true, "function": true,
}

// readOpenAIMessages splits Chat Completions messages: system and
// developer messages make the system prompt (joined with a blank line),
// the last user message is the query, what precedes it is the history and
// what follows it (an agent loop's tool calls and tool outputs) the tool
// results. Without a user message every other message follows the query
// that is not there: a trim that dropped the task leaves the agent loop,
// which stays the tool results it was.
func readOpenAIMessages(site requestSite, messages []any, raw *rawRequest, req *chatRequest) error {
	roles := make([]string, len(messages))
	query := -1
	for i, m := range messages {
		obj, ok := loaders.AsMap(m)
		if !ok {
			return site.errorf("message %d is %s; expected an object {role, content}", i+1, loaders.Describe(m))
		}
		role, ok := obj["role"].(string)
		if !ok || strings.TrimSpace(role) == "" {
			return site.errorf(`message %d: "role" is %s; expected "system", "developer", "user", "assistant" or "tool"`, i+1, loaders.Describe(obj["role"]))
		}
		roles[i] = strings.ToLower(strings.TrimSpace(role))
		if !OpenAIMessageRoles[roles[i]] {
			// Checked before looking for the query, so a request whose
			// only message has a misspelt role is told so, not that it has
			// no user message.
			return site.errorf("message %d: role %s; expected system, developer, user, assistant, tool or function", i+1, loaders.Quoted(role))
		}
		if roles[i] == "user" {
			query = i
		}
	}
	if len(messages) == 0 {
		return site.errorf(`no user message: a chat request needs at least one message with role "user"`)
	}
	// Without a user message (a system or developer prompt alone, an
	// eval's grader; or an agent loop whose task a trim dropped) there
	// is no query, and query stays -1: every other message is what
	// follows a query, the tool results (core/window's billed rendering
	// splits a body so too).

	calls := newCallTracker()
	var systems []string
	var systemSent []*value.Sent
	started, historyCalls, movedSystem := false, false, false
	for i, m := range messages {
		obj, _ := loaders.AsMap(m)
		role := roles[i]
		content, err := openAIContent(site, i, obj["content"])
		if err != nil {
			return err
		}
		sent, err := sentMessage(site, i, obj)
		if err != nil {
			return err
		}
		if role == "system" || role == "developer" {
			if content != "" {
				systems = append(systems, content)
			}
			systemSent = append(systemSent, sent)
			movedSystem = movedSystem || started
			continue
		}
		started = true
		toolCalls, err := openAIToolCalls(site, i, obj, raw.message(i, len(messages)), calls)
		if err != nil {
			return err
		}
		switch {
		case i < query:
			if len(toolCalls) > 0 {
				content = joinText(content, string(toolCalls))
				historyCalls = true
			}
			if role == "tool" {
				calls.answer(obj["tool_call_id"], obj["name"])
			}
			req.history = append(req.history, value.Message{Role: role, Content: content, Sent: sent})
		case i == query:
			req.query, req.querySent = content, sent
		default:
			r := openAIToolResult(role, content, toolCalls, obj, calls)
			r.Sent = sent
			req.toolResults = append(req.toolResults, r)
		}
	}
	req.systemPrompt = strings.Join(systems, "\n\n")
	if len(systemSent) == 1 && !movedSystem && len(systems) == 1 {
		// One system message, first: sent as it came. Several are one
		// system prompt, sent as one message.
		req.systemSent = systemSent[0]
	}
	if historyCalls {
		req.notes = append(req.notes, noteHistoryToolCalls)
	}
	if movedSystem {
		req.notes = append(req.notes, noteMovedSystem)
	}
	if calls.synthetic > 0 {
		req.notes = append(req.notes, fmt.Sprintf("%s tool calls have no id: tool outputs are paired with them in order and labelled call_1 to call_%s, labels that are not in the request",
			numfmt.Thousands(calls.synthetic), numfmt.Thousands(calls.synthetic)))
	}
	return nil
}

// sentMessage is message i as the provider received it (value.Sent).
func sentMessage(site requestSite, i int, obj map[string]any) (*value.Sent, error) {
	data, err := loaders.MarshalJSON(obj)
	if err != nil {
		return nil, site.errorf("message %d cannot be written as JSON: %v", i+1, err)
	}
	return &value.Sent{Number: i + 1, JSON: data}, nil
}

// openAIToolResult turns a message after the query into a tool-results
// item: an assistant turn keeps its tool_calls, a tool output takes the
// name of the call it answers.
func openAIToolResult(role, content string, toolCalls json.RawMessage, obj map[string]any, calls *callTracker) window.ToolResult {
	switch role {
	case "tool":
		id, name := calls.answer(obj["tool_call_id"], obj["name"])
		return window.ToolResult{Name: name, Content: content, ToolCallID: id}
	case "function":
		name, _ := obj["name"].(string)
		return window.ToolResult{Name: name, Content: content, Role: role}
	}
	return window.ToolResult{Role: role, Content: content, ToolCalls: toolCalls}
}

// openAIContent reads a message's content: a string, null, or a list of
// parts whose text parts are joined with a line break and whose other
// parts become placeholders.
func openAIContent(site requestSite, i int, v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case []any:
		texts := make([]string, 0, len(x))
		for j, part := range x {
			text, err := openAIPart(site, i, j, part)
			if err != nil {
				return "", err
			}
			texts = append(texts, text)
		}
		return strings.Join(texts, "\n"), nil
	}
	return "", site.errorf(`message %d: "content" is %s; expected a string, null or a list of parts`, i+1, loaders.Describe(v))
}

func openAIPart(site requestSite, i, j int, part any) (string, error) {
	if s, ok := part.(string); ok {
		return s, nil
	}
	obj, ok := loaders.AsMap(part)
	if !ok {
		return "", site.errorf("message %d: content part %d is %s; expected an object {type, text}", i+1, j+1, loaders.Describe(part))
	}
	typ, _ := obj["type"].(string)
	switch typ {
	case "text", "input_text", "output_text", "":
		text, ok := obj["text"].(string)
		if !ok {
			return "", site.errorf(`message %d: content part %d: "text" is %s; expected a string`, i+1, j+1, loaders.Describe(obj["text"]))
		}
		return text, nil
	case "refusal":
		text, _ := obj["refusal"].(string)
		return text, nil
	case "image_url", "image", "input_image":
		return imagePlaceholder, nil
	case "input_audio":
		return audioPlaceholder, nil
	case "file", "input_file":
		return filePlaceholder, nil
	}
	return "[" + typ + "]", nil
}

// openAIToolCalls returns an assistant message's tool_calls as sent
// (compact), registering each call so later tool outputs find their
// names. A legacy function_call is returned as a one-element array, so it
// is counted like a tool call.
func openAIToolCalls(site requestSite, i int, obj map[string]any, rm rawMessage, calls *callTracker) (json.RawMessage, error) {
	if v, ok := obj["tool_calls"]; ok && v != nil {
		list, ok := loaders.AsList(v)
		if !ok {
			return nil, site.errorf(`message %d: "tool_calls" is %s; expected a list`, i+1, loaders.Describe(v))
		}
		if len(list) == 0 {
			return nil, nil
		}
		calls.newTurn()
		for j, c := range list {
			call, ok := loaders.AsMap(c)
			if !ok {
				return nil, site.errorf("message %d: tool call %d is %s; expected an object {id, type, function}", i+1, j+1, loaders.Describe(c))
			}
			id, _ := call["id"].(string)
			fn, _ := loaders.AsMap(call["function"])
			name, _ := fn["name"].(string)
			calls.call(id, name)
		}
		data, err := compactJSON(rm.toolCalls, list)
		if err != nil {
			return nil, site.errorf("message %d: tool_calls cannot be written as JSON: %v", i+1, err)
		}
		return data, nil
	}
	if v, ok := obj["function_call"]; ok && v != nil {
		if _, ok := loaders.AsMap(v); !ok {
			return nil, site.errorf(`message %d: "function_call" is %s; expected an object {name, arguments}`, i+1, loaders.Describe(v))
		}
		data, err := compactJSON(rm.functionCall, v)
		if err != nil {
			return nil, site.errorf("message %d: function_call cannot be written as JSON: %v", i+1, err)
		}
		return json.RawMessage(bytes.Join([][]byte{[]byte("["), data, []byte("]")}, nil)), nil
	}
	return nil, nil
}

// callTracker pairs tool outputs with the calls they answer, to name each
// output after its tool. Calls without an id (functionary's format) are
// numbered call_1, call_2, ... across the request, and an output without
// an id answers the oldest unanswered call of the latest assistant turn.
type callTracker struct {
	names     map[string]string
	pending   []trackedCall
	synthetic int
}

type trackedCall struct{ id, name string }

func newCallTracker() *callTracker {
	return &callTracker{names: map[string]string{}}
}

// newTurn starts an assistant turn: calls of earlier turns left
// unanswered are no longer paired by position.
func (t *callTracker) newTurn() { t.pending = t.pending[:0] }

func (t *callTracker) call(id, name string) {
	if id == "" {
		t.synthetic++
		id = fmt.Sprintf("call_%d", t.synthetic)
	}
	t.names[id] = name
	t.pending = append(t.pending, trackedCall{id: id, name: name})
}

// answer returns the id and tool name of an output. An explicit name on
// the output (functionary writes one) wins over the call's.
func (t *callTracker) answer(idValue, nameValue any) (id, name string) {
	id, _ = idValue.(string)
	name, _ = nameValue.(string)
	if id != "" {
		for k, c := range t.pending {
			if c.id == id {
				t.pending = append(t.pending[:k], t.pending[k+1:]...)
				break
			}
		}
		if name == "" {
			name = t.names[id]
		}
		return id, name
	}
	if len(t.pending) > 0 {
		c := t.pending[0]
		t.pending = t.pending[1:]
		if name == "" {
			name = c.name
		}
		return c.id, name
	}
	return "", name
}

// joinText joins non-empty texts with a line break.
func joinText(parts ...string) string {
	kept := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "\n")
}
