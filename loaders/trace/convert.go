package trace

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"ctxlab/core/usage"
)

// Conventions a span's request is read under, as Request.Convention
// names them.
const (
	ConventionGenAI       = "OpenTelemetry GenAI (gen_ai.input.messages)"
	ConventionGenAIEvents = "OpenTelemetry GenAI (gen_ai.*.message events)"
	ConventionGenAIPrompt = "OpenTelemetry GenAI (gen_ai.prompt)"
	ConventionOpenLLMetry = "OpenLLMetry (gen_ai.prompt.N.*)"
	ConventionOpenInfer   = "OpenInference (llm.input_messages.N.*)"
	ConventionUsageOnly   = "usage only"
	// NoteNoContent notes a span whose messages are in OTLP logs that
	// were not given: it opens as its usage only.
	NoteNoContent          = "the span records no message content: the OpenTelemetry GenAI instrumentation writes it to OTLP logs (give the logs file with --logs FILE); this opens as its usage only, an empty request"
	noteNoToolDefinitions  = "the OpenTelemetry GenAI instrumentation records no tool definitions: the request opens without them, so ctxlab's count leaves out their tokens and the bill does not"
	noteMissingToolCalls   = "the span records tool results without the assistant's tool calls before them: the instrumentation left the calls out, so they are not counted"
	noteContentNotCaptured = "the span's message content was not captured (content capture off): the messages open empty"
)

// Message is one chat message of a span's request, in OpenAI Chat
// Completions terms.
type Message struct {
	Role       string
	Content    string
	ToolCalls  []ToolCall
	ToolCallID string
	Name       string
}

// ToolCall is an assistant's call of a tool; Arguments is JSON text.
type ToolCall struct {
	ID, Name, Arguments string
}

// Usage is what a span recorded the provider billed, its figures as the
// source wrote them: Input is the source's own input count, which holds
// the cache reads (Cached) and writes (CacheWrite) or not as Convention
// says. The zero Convention is OpenTelemetry's: under the GenAI
// conventions input tokens include cached ones, and OpenInference's and
// OpenLLMetry's prompt counts do too. Billed normalizes them.
type Usage struct {
	Input, Output, Cached int
	// CacheWrite is the prompt tokens written to the prompt cache.
	CacheWrite int
	// Field names the attribute Input was read from.
	Field string
	// Convention is how the source counts the cache; "" is usage.OTel.
	Convention usage.Convention
}

// Billed is the usage as the one bill model, the cache counted once.
func (u *Usage) Billed() usage.Billed {
	c := u.Convention
	if c == "" {
		c = usage.OTel
	}
	return c.Normalize(usage.Reported{Input: u.Input, CacheRead: u.Cached, CacheWrite: u.CacheWrite, Output: u.Output})
}

// Request is what an LLM span recorded of the request it made.
type Request struct {
	SpanID, TraceID, Name string
	Model                 string
	Messages              []Message
	// Tools are the tool definitions, OpenAI's {type, function} form.
	Tools      []json.RawMessage
	Usage      *Usage
	Convention string
	// Content is false when the span holds usage only.
	Content bool
	Notes   []string
}

// str reads a string attribute.
func str(attrs map[string]any, key string) string {
	s, _ := attrs[key].(string)
	return s
}

// count reads a whole, non-negative token count of any numeric kind.
func count(attrs map[string]any, key string) (int, bool) {
	switch v := attrs[key].(type) {
	case int64:
		if v >= 0 && v < 1<<50 {
			return int(v), true
		}
	case float64:
		if v >= 0 && v < 1<<50 && v == math.Trunc(v) {
			return int(v), true
		}
	case string:
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			return n, true
		}
	}
	return 0, false
}

// IsLLM says whether a span is a call of a language model: a chat or
// completion under the GenAI conventions, an OpenInference LLM span, or
// an OpenLLMetry chat or completion.
func IsLLM(sp *Span) bool {
	if sp.Request != nil {
		return true
	}
	if kind := str(sp.Attrs, "openinference.span.kind"); kind != "" {
		return strings.EqualFold(kind, "LLM")
	}
	switch op := str(sp.Attrs, "gen_ai.operation.name"); op {
	case "chat", "text_completion", "generate_content", "completion":
		return true
	case "":
	default:
		return false
	}
	switch str(sp.Attrs, "llm.request.type") {
	case "chat", "completion":
		return true
	}
	return str(sp.Attrs, "gen_ai.request.model") != ""
}

// ModelOf is the model a span asked for.
func ModelOf(sp *Span) string {
	if m := str(sp.Attrs, "gen_ai.request.model"); m != "" {
		return m
	}
	if p := str(sp.Attrs, "llm.invocation_parameters"); p != "" {
		params, err := unmarshalText[struct {
			Model string `json:"model"`
		}]([]byte(p))
		if err == nil && params.Model != "" {
			return params.Model
		}
	}
	if m := str(sp.Attrs, "llm.model_name"); m != "" {
		return m
	}
	return str(sp.Attrs, "gen_ai.response.model")
}

// UsageOf reads the usage a span recorded, nil when none.
func UsageOf(sp *Span) *Usage {
	a := sp.Attrs
	for _, k := range [][3]string{
		{"gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "gen_ai.usage.cache_read.input_tokens"},
		{"gen_ai.usage.prompt_tokens", "gen_ai.usage.completion_tokens", "gen_ai.usage.cache_read_input_tokens"},
		{"llm.token_count.prompt", "llm.token_count.completion", "llm.token_count.prompt_details.cache_read"},
	} {
		in, ok := count(a, k[0])
		if !ok {
			continue
		}
		u := &Usage{Input: in, Field: k[0]}
		u.Output, _ = count(a, k[1])
		u.Cached, _ = count(a, k[2])
		if u.Cached == 0 {
			u.Cached, _ = count(a, "gen_ai.usage.cache_read_input_tokens")
		}
		for _, key := range []string{"gen_ai.usage.cache_creation.input_tokens", "gen_ai.usage.cache_creation_input_tokens", "llm.token_count.prompt_details.cache_write"} {
			if u.CacheWrite == 0 {
				u.CacheWrite, _ = count(a, key)
			}
		}
		return u
	}
	return nil
}

// RequestOf reads an LLM span's request under whichever convention its
// attributes, events or log records (logs, the records with its span
// id) follow.
func RequestOf(sp *Span, logs []Event) *Request {
	if sp.Request != nil {
		r := *sp.Request
		r.Notes = append([]string(nil), r.Notes...)
		return &r
	}
	req := &Request{SpanID: sp.SpanID, TraceID: sp.TraceID, Name: sp.Name, Model: ModelOf(sp), Usage: UsageOf(sp), Content: true}
	a := sp.Attrs
	switch {
	case a["gen_ai.input.messages"] != nil || eventAttr(sp, logs, "gen_ai.input.messages") != nil:
		req.Convention = ConventionGenAI
		in := a["gen_ai.input.messages"]
		if in == nil {
			in = eventAttr(sp, logs, "gen_ai.input.messages")
		}
		sys := a["gen_ai.system_instructions"]
		if sys == nil {
			sys = eventAttr(sp, logs, "gen_ai.system_instructions")
		}
		if text := partsText(decoded(sys)); text != "" {
			req.Messages = append(req.Messages, Message{Role: "system", Content: text})
		}
		for _, m := range list(decoded(in)) {
			req.Messages = append(req.Messages, genAIMessages(m)...)
		}
		defs := a["gen_ai.tool.definitions"]
		if defs == nil {
			defs = eventAttr(sp, logs, "gen_ai.tool.definitions")
		}
		req.Tools = toolDefinitions(decoded(defs))
	case hasPrefix(a, "llm.input_messages."):
		req.Convention = ConventionOpenInfer
		for _, m := range indexed(a, "llm.input_messages.") {
			req.Messages = append(req.Messages, openInferenceMessage(m))
		}
		if tools, ok := decoded(a["llm.tools"]).([]any); ok {
			req.Tools = toolDefinitions(tools)
		}
		for _, t := range indexed(a, "llm.tools.") {
			req.Tools = append(req.Tools, toolDefinitions([]any{decoded(t["tool.json_schema"])})...)
		}
	case hasPrefix(a, "gen_ai.prompt."):
		req.Convention = ConventionOpenLLMetry
		for _, m := range indexed(a, "gen_ai.prompt.") {
			req.Messages = append(req.Messages, indexedMessage(m))
		}
		for _, f := range indexed(a, "llm.request.functions.") {
			params := f["parameters"]
			if params == nil {
				params = f["arguments"]
			}
			def := map[string]any{"name": f["name"], "description": f["description"], "parameters": decoded(params)}
			req.Tools = append(req.Tools, toolDefinitions([]any{def})...)
		}
	case a["gen_ai.prompt"] != nil || eventAttr(sp, nil, "gen_ai.prompt") != nil:
		req.Convention = ConventionGenAIPrompt
		p := a["gen_ai.prompt"]
		if p == nil {
			p = eventAttr(sp, nil, "gen_ai.prompt")
		}
		for _, m := range list(decoded(p)) {
			req.Messages = append(req.Messages, chatMessage(m))
		}
	default:
		events := append(messageEvents(sp.Events), messageEvents(logs)...)
		if len(events) == 0 {
			req.Convention, req.Content = ConventionUsageOnly, false
			req.Notes = append(req.Notes, NoteNoContent)
			if !hasPrefix(a, "gen_ai.tool.definitions") {
				req.Notes = append(req.Notes, noteNoToolDefinitions)
			}
			return req
		}
		req.Convention = ConventionGenAIEvents
		empty := true
		for _, ev := range events {
			m := eventMessage(ev)
			empty = empty && m.Content == "" && len(m.ToolCalls) == 0
			req.Messages = append(req.Messages, m)
		}
		if empty {
			req.Notes = append(req.Notes, noteContentNotCaptured)
		}
		req.Tools = toolDefinitions(decoded(a["gen_ai.tool.definitions"]))
		if a["gen_ai.tool.definitions"] == nil {
			req.Notes = append(req.Notes, noteNoToolDefinitions)
		}
	}
	if missingToolCalls(req.Messages) {
		req.Notes = append(req.Notes, noteMissingToolCalls)
	}
	return req
}

// eventAttr is an attribute of one of the span's events or of its log
// records (where the GenAI operation-details event,
// gen_ai.client.inference.operation.details, carries the messages), or a
// key of a log record's body.
func eventAttr(sp *Span, logs []Event, key string) any {
	for _, evs := range [][]Event{sp.Events, logs} {
		for _, ev := range evs {
			if v, ok := ev.Attrs[key]; ok {
				return v
			}
			if v, ok := asMap(ev.Body)[key]; ok {
				return v
			}
		}
	}
	return nil
}

// decoded parses a value that instrumentations write as JSON text;
// structured values (arrayValue, kvlistValue) pass through.
func decoded(v any) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "[") || strings.HasPrefix(t, "{") {
		if out, err := unmarshalText[any]([]byte(t)); err == nil {
			return out
		}
	}
	return v
}

func list(v any) []any {
	switch x := v.(type) {
	case []any:
		return x
	case map[string]any:
		return []any{x}
	}
	return nil
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []any:
		return partsText(x)
	case map[string]any:
		return partsText([]any{x})
	}
	return fmt.Sprint(v)
}

// partsText joins the text of message parts: GenAI's {type: text,
// content}, OpenAI's {type: text, text}, or plain strings; a part that is
// not text (an image, a file) stands as [its type].
func partsText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	var texts []string
	for _, p := range list(v) {
		switch x := p.(type) {
		case string:
			texts = append(texts, x)
		case map[string]any:
			typ, _ := x["type"].(string)
			switch {
			case x["content"] != nil && (typ == "" || typ == "text"):
				texts = append(texts, text(x["content"]))
			case x["text"] != nil:
				texts = append(texts, text(x["text"]))
			case typ != "" && typ != "tool_call" && typ != "tool_call_response":
				texts = append(texts, "["+typ+"]")
			}
		}
	}
	return strings.Join(texts, "\n")
}

// arguments writes a tool call's arguments as JSON text: a string as
// recorded, a parsed object (OpenLLMetry's typed parts) encoded again.
func arguments(v any) string {
	switch x := v.(type) {
	case nil:
		return "{}"
	case string:
		return x
	}
	data, err := marshalValue(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// genAIMessages reads one gen_ai.input.messages entry: {role, parts}
// (tool call and tool call response parts become OpenAI's tool calls and
// tool messages), or an OpenAI-shaped {role, content} message.
func genAIMessages(v any) []Message {
	m := asMap(v)
	if m == nil {
		return nil
	}
	if _, ok := m["parts"]; !ok {
		return []Message{chatMessage(m)}
	}
	role, _ := m["role"].(string)
	name, _ := m["name"].(string)
	msg := Message{Role: role, Name: name}
	var out []Message
	var texts []string
	for _, p := range list(m["parts"]) {
		part := asMap(p)
		switch typ, _ := part["type"].(string); typ {
		case "tool_call":
			id, _ := part["id"].(string)
			fn, _ := part["name"].(string)
			msg.ToolCalls = append(msg.ToolCalls, ToolCall{ID: id, Name: fn, Arguments: arguments(part["arguments"])})
		case "tool_call_response":
			id, _ := part["id"].(string)
			resp := part["response"]
			if resp == nil {
				resp = part["result"]
			}
			content, isText := resp.(string)
			if !isText {
				content = arguments(resp)
			}
			out = append(out, Message{Role: "tool", ToolCallID: id, Content: content})
		default:
			if t := partsText([]any{part}); t != "" {
				texts = append(texts, t)
			}
		}
	}
	msg.Content = strings.Join(texts, "\n")
	if msg.Content != "" || len(msg.ToolCalls) > 0 || len(out) == 0 {
		out = append([]Message{msg}, out...)
	}
	return out
}

// chatMessage reads an OpenAI-shaped message {role, content, tool_calls,
// tool_call_id, name}.
func chatMessage(v any) Message {
	m := asMap(v)
	role, _ := m["role"].(string)
	msg := Message{Role: role, Content: text(m["content"])}
	msg.ToolCallID, _ = m["tool_call_id"].(string)
	if msg.ToolCallID == "" && role == "tool" {
		msg.ToolCallID, _ = m["id"].(string)
	}
	msg.Name, _ = m["name"].(string)
	for _, c := range list(decoded(m["tool_calls"])) {
		call := asMap(c)
		fn := asMap(call["function"])
		id, _ := call["id"].(string)
		name, _ := fn["name"].(string)
		if name == "" {
			name, _ = call["name"].(string)
		}
		args := fn["arguments"]
		if args == nil {
			args = call["arguments"]
		}
		msg.ToolCalls = append(msg.ToolCalls, ToolCall{ID: id, Name: name, Arguments: arguments(args)})
	}
	return msg
}

// messageEvents are the gen_ai.{system,user,assistant,tool}.message
// events among evs (span events or log records), in order.
func messageEvents(evs []Event) []Event {
	var out []Event
	for _, ev := range evs {
		if strings.HasPrefix(ev.Name, "gen_ai.") && strings.HasSuffix(ev.Name, ".message") {
			out = append(out, ev)
		}
	}
	return out
}

// eventMessage reads a gen_ai.*.message event: the role is in its name,
// the message in its body (a log record) or attributes (a span event).
func eventMessage(ev Event) Message {
	body := asMap(ev.Body)
	if body == nil {
		body = ev.Attrs
		if c, ok := decoded(body["gen_ai.event.content"]).(map[string]any); ok {
			body = c
		}
	}
	role := strings.TrimSuffix(strings.TrimPrefix(ev.Name, "gen_ai."), ".message")
	merged := map[string]any{"role": role}
	for k, v := range body {
		if k != "role" {
			merged[k] = v
		}
	}
	return chatMessage(merged)
}

// openInferenceMessage reads llm.input_messages.N.message.*.
func openInferenceMessage(m map[string]any) Message {
	role, _ := m["message.role"].(string)
	msg := Message{Role: role}
	msg.Content, _ = m["message.content"].(string)
	if msg.Content == "" {
		var texts []string
		for _, c := range indexed(m, "message.contents.") {
			if t, ok := c["message_content.text"].(string); ok {
				texts = append(texts, t)
			} else if typ, ok := c["message_content.type"].(string); ok {
				texts = append(texts, "["+typ+"]")
			}
		}
		msg.Content = strings.Join(texts, "\n")
	}
	msg.ToolCallID, _ = m["message.tool_call_id"].(string)
	msg.Name, _ = m["message.name"].(string)
	for _, c := range indexed(m, "message.tool_calls.") {
		id, _ := c["tool_call.id"].(string)
		name, _ := c["tool_call.function.name"].(string)
		msg.ToolCalls = append(msg.ToolCalls, ToolCall{ID: id, Name: name, Arguments: arguments(c["tool_call.function.arguments"])})
	}
	return msg
}

// indexedMessage reads OpenLLMetry's gen_ai.prompt.N.*. Its older
// releases write an assistant turn that only called tools as the text
// "null" (its content, JSON-encoded), and a list of parts as their JSON.
func indexedMessage(m map[string]any) Message {
	role, _ := m["role"].(string)
	msg := Message{Role: role}
	content, _ := m["content"].(string)
	if role == "assistant" && content == "null" {
		content = ""
	}
	if parts, ok := decoded(content).([]any); ok {
		content = partsText(parts)
	}
	msg.Content = content
	msg.ToolCallID, _ = m["tool_call_id"].(string)
	for _, c := range indexed(m, "tool_calls.") {
		id, _ := c["id"].(string)
		name, _ := c["name"].(string)
		msg.ToolCalls = append(msg.ToolCalls, ToolCall{ID: id, Name: name, Arguments: arguments(c["arguments"])})
	}
	return msg
}

// toolDefinitions reads tool definitions in OpenAI's {type: function,
// function: {...}} form as they are, and GenAI's {type: function, name,
// description, parameters} or a bare {name, ...} into OpenAI's form.
func toolDefinitions(v any) []json.RawMessage {
	var out []json.RawMessage
	for _, t := range list(v) {
		m := asMap(decoded(t))
		if m == nil {
			continue
		}
		def := any(m)
		if _, ok := m["function"]; !ok {
			if _, named := m["name"]; named {
				fn := map[string]any{}
				for k, x := range m {
					if k != "type" && x != nil {
						fn[k] = x
					}
				}
				def = map[string]any{"type": "function", "function": fn}
			}
		}
		data, err := marshalValue(def)
		if err == nil {
			out = append(out, data)
		}
	}
	return out
}

// hasPrefix says whether any attribute key starts with prefix.
func hasPrefix(attrs map[string]any, prefix string) bool {
	for k := range attrs {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// indexed groups the keys prefix.N.rest by N, in order of N: each group
// maps rest to the value.
func indexed(attrs map[string]any, prefix string) []map[string]any {
	groups := map[int]map[string]any{}
	for k, v := range attrs {
		rest, ok := strings.CutPrefix(k, prefix)
		if !ok {
			continue
		}
		num, tail, ok := strings.Cut(rest, ".")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n < 0 {
			continue
		}
		if groups[n] == nil {
			groups[n] = map[string]any{}
		}
		groups[n][tail] = v
	}
	keys := make([]int, 0, len(groups))
	for n := range groups {
		keys = append(keys, n)
	}
	sort.Ints(keys)
	out := make([]map[string]any, len(keys))
	for i, n := range keys {
		out[i] = groups[n]
	}
	return out
}

// missingToolCalls says whether a tool message answers no call the
// messages before it made.
func missingToolCalls(msgs []Message) bool {
	called := map[string]bool{}
	calls := 0
	for _, m := range msgs {
		for _, c := range m.ToolCalls {
			called[c.ID] = true
			calls++
		}
		if m.Role == "tool" && (calls == 0 || (m.ToolCallID != "" && !called[m.ToolCallID])) {
			return true
		}
	}
	return false
}

// Body is the request as an OpenAI Chat Completions body {model,
// messages, tools}: what ctxlab imports with --request. A span without
// content becomes one empty user message, the least a chat request has.
func (r *Request) Body() ([]byte, error) {
	type fn struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	type call struct {
		ID       string `json:"id,omitempty"`
		Type     string `json:"type"`
		Function fn     `json:"function"`
	}
	type message struct {
		Role       string  `json:"role"`
		Content    *string `json:"content"`
		ToolCalls  []call  `json:"tool_calls,omitempty"`
		ToolCallID string  `json:"tool_call_id,omitempty"`
		Name       string  `json:"name,omitempty"`
	}
	body := struct {
		Model    string            `json:"model,omitempty"`
		Messages []message         `json:"messages"`
		Tools    []json.RawMessage `json:"tools,omitempty"`
	}{Model: r.Model, Tools: r.Tools, Messages: []message{}}
	for _, m := range r.Messages {
		out := message{Role: m.Role, ToolCallID: m.ToolCallID, Name: m.Name}
		if m.Role == "" {
			out.Role = "user"
		}
		if m.Content != "" || len(m.ToolCalls) == 0 {
			content := m.Content
			out.Content = &content
		}
		for _, c := range m.ToolCalls {
			out.ToolCalls = append(out.ToolCalls, call{ID: c.ID, Type: "function", Function: fn{Name: c.Name, Arguments: c.Arguments}})
		}
		body.Messages = append(body.Messages, out)
	}
	if !r.Content {
		empty := ""
		body.Messages = append(body.Messages, message{Role: "user", Content: &empty})
	}
	return json.Marshal(body)
}
