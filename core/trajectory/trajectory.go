package trajectory

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

// Trajectory is the turns of one conversation, measured and interned.
type Trajectory struct {
	Name     string
	Model    string
	Provider string
	// Window is the context window every turn is measured against.
	Window int
	Turns  []Turn

	tok     *tokens.Memo
	framing window.Framing
	// billed says the turns are OpenAI requests, each message counted as
	// OpenAI bills it (window.OpenAIBilled); responses that they are the
	// chat form of Responses API bodies. callNames are the function
	// names of the tool calls seen, by call id, for a tool output's
	// header.
	billed, responses bool
	callNames         map[string]string
	// frames are the billed framing of each tool output, by id: a stub
	// that clears one answers the same call under the same header.
	frames map[int32]int
	// msgs are the distinct messages, by id; tokens their counts.
	msgs   []window.ChatMessage
	tokens []int
	// ident maps a message id to its identity for prefix matching: the
	// same message sent as history or as a tool result is one identity.
	ident []int32
	// synthetic marks the messages a policy made, by id; stubs are the
	// stubs made for cleared tool results, by the id they replace.
	synthetic []uint8
	stubs     map[int32]int32
	// msgID and identID intern the messages and identities.
	msgID   map[msgKey]int32
	identID map[string]int32
	// fixed memoizes a tool set's tokens (tools + reply priming) by its
	// JSON and the system message it follows.
	fixed map[fixedKey]int
	// plain maps an output of a parallel call interned with the outputs
	// before it (msgKey.group) to the id the same message has with the
	// first outputs it was seen with; multiCalls memoizes the call ids
	// of a tool_calls array holding several, and anyParallel says one
	// was seen (parallel.go).
	plain       map[int32]int32
	plainID     map[msgKey]int32
	multiCalls  map[string][]string
	anyParallel bool
}

// Turn is one request of the trajectory, as it was sent.
type Turn struct {
	// Label names the turn's source in errors and reports: "interaction
	// 3", "request 2", "message 14".
	Label string
	// ids are the request's messages, in order.
	ids []int32
	// toolsKey identifies the tool set; Fixed is its tokens plus the
	// reply priming, the part of InputTokens no message holds.
	toolsKey string
	Fixed    int
	// InputTokens is the request's input tokens as sent; Components its
	// split, by component name, when the turn was measured whole.
	InputTokens int
	Components  []Component
	Reserve     int
	// Recorded is what the provider reported for the turn, nil when
	// nothing was recorded.
	Recorded *Recorded
}

// Component is one component's tokens in a turn as sent.
type Component struct {
	Name   string `json:"name"`
	Tokens int    `json:"tokens"`
}

// Recorded is the provider's usage for a turn: its input tokens, the
// part read from the cache and the part written to it.
type Recorded struct {
	InputTokens      int `json:"input_tokens"`
	CachedTokens     int `json:"cached_tokens"`
	CacheWriteTokens int `json:"cache_write_tokens,omitempty"`
}

// Messages returns a turn's messages as sent.
func (t *Trajectory) Messages(turn int) []window.ChatMessage {
	ids := t.Turns[turn].ids
	out := make([]window.ChatMessage, len(ids))
	for i, id := range ids {
		out[i] = t.msgs[id]
	}
	return out
}

type msgKey struct {
	role, content, name, callID, calls string
	kind                               uint8
	// variant tells apart policy messages whose texts are the same but
	// whose billing is not: stubs clearing tool outputs whose headers
	// name different functions.
	variant int
	// group is, for an output of a parallel call, the outputs before it
	// in the one message OpenAI bills them as (memberContext): its
	// count depends on them.
	group string
}

type fixedKey struct {
	tools string
	// system is the leading system message's content: OpenAI's billing
	// joins the tools to it, and what the join adds depends on both.
	system    string
	hasSystem bool
}

// Builder makes a Trajectory one turn at a time.
type Builder struct {
	t *Trajectory
	// prev and prevIDs are the last turn's messages and their ids: a
	// turn repeats its predecessor's, and comparing them is cheaper than
	// looking each up again.
	prev    []window.ChatMessage
	prevIDs []int32
	// runs and prevRuns are this turn's and the last turn's
	// parallelRuns: an output of a parallel call is interned with the
	// outputs before it, not reused by position.
	runs, prevRuns []int
}

// idOf interns the i-th message of a turn, reusing the previous turn's
// id when its i-th message is the same.
func (b *Builder) idOf(i int, m window.ChatMessage) int32 { return b.idOfCounted(i, m, nil) }

// idOfCounted is idOf with count giving a message's tokens and their
// framing the first time it is seen (nil: the trajectory counts it
// alone).
func (b *Builder) idOfCounted(i int, m window.ChatMessage, count func() (tokens, framing int)) int32 {
	if i < len(b.prev) && !inRun(b.runs, i) && !inRun(b.prevRuns, i) {
		p := b.prev[i]
		if p.Role == m.Role && p.Content == m.Content && p.Name == m.Name && p.ToolCallID == m.ToolCallID && string(p.ToolCalls) == string(m.ToolCalls) {
			return b.prevIDs[i]
		}
	}
	return b.t.internKind(m, 0, 0, count)
}

// remember keeps a turn's messages for the next turn's idOf.
func (b *Builder) remember(msgs []window.ChatMessage, ids []int32) {
	b.prev, b.prevIDs, b.prevRuns = msgs, ids, b.runs
}

// NewBuilder starts a trajectory whose turns are counted with tok and
// framed as model's requests are: an OpenAI model's (provider "openai",
// or "" and a model not Anthropic's) as OpenAI bills them, each message
// its rendered content and framing (window.OpenAIBilled), others by the
// per-message estimate (window.MessageTokens).
func NewBuilder(name, model, provider string, tok tokens.Tokenizer, windowTokens int) *Builder {
	return &Builder{t: &Trajectory{
		Name: name, Model: model, Provider: provider, Window: windowTokens,
		tok: tokens.NewMemo(tok), framing: window.FramingForModel(model),
		billed: billedOpenAI(model, provider), callNames: map[string]string{}, frames: map[int32]int{},
		msgID: map[msgKey]int32{}, identID: map[string]int32{}, fixed: map[fixedKey]int{},
		plain: map[int32]int32{}, plainID: map[msgKey]int32{}, multiCalls: map[string][]string{},
	}}
}

// billedOpenAI says a trajectory's requests are counted as OpenAI bills
// them, as window.Assemble counts a measured OpenAI body.
func billedOpenAI(model, provider string) bool {
	if provider == tokens.ProviderAnthropic {
		return false
	}
	spec, known := tokens.LookupModel(model)
	return !known || spec.Provider != tokens.ProviderAnthropic
}

// Tokenizer is the builder's counting tokenizer: it remembers every
// count, so a caller measuring a turn with it shares the memo.
func (b *Builder) Tokenizer() tokens.Tokenizer { return b.t.tok }

// AddScenario adds a turn measured as `ctxlab assemble --request`
// measures it: the scenario must be a request opened as sent
// (window.MeasureOnly), as request.Parse opens one.
func (b *Builder) AddScenario(label string, sc *core.Scenario, rec *Recorded) error {
	s := sc.Settings
	if s.Mode != window.MeasureOnly {
		return fmt.Errorf("%s: the request is not measured as sent", label)
	}
	in := window.Input{
		Budget: s.Budget, Tokenizer: b.t.tok, Model: s.Model, Mode: window.MeasureOnly,
		SystemPrompt: sc.SystemPrompt, Tools: sc.Tools, History: sc.History, ToolResults: sc.ToolResults,
		UserQuery: s.Query, Anthropic: sc.Anthropic,
	}
	if b.t.billed {
		in.OpenAIBody, in.OpenAIResponses = sc.OpenAIBody, sc.OpenAIResponses
		b.t.responses = sc.OpenAIResponses
	}
	a, err := window.Assemble(in)
	var overflow *window.OverflowError
	if err != nil && !asOverflow(err, &overflow) {
		return fmt.Errorf("%s: %w", label, err)
	}
	// The body as billed, when Assemble counted it so and it renders one
	// message per message assembled: a message first seen here is
	// counted as this body renders it.
	var billed *window.OpenAIBilled
	if in.OpenAIBody != "" {
		if bb, ok := window.OpenAIBilledFor(in); ok && bb.Len() == len(a.Messages) {
			billed = bb
		}
	}
	turn := Turn{Label: label, Reserve: s.Budget.ResponseReserve, Recorded: rec, InputTokens: a.Used}
	sum := 0
	turn.ids = make([]int32, len(a.Messages))
	b.runs = b.t.parallelRuns(a.Messages)
	for i, m := range a.Messages {
		var id int32
		switch {
		case inRun(b.runs, i):
			var count func() (int, int)
			if billed != nil {
				count = func() (int, int) { return billed.MessageTokens(i, b.t.tok), billed.MessageFraming(i, b.t.tok) }
			}
			id = b.t.internMember(a.Messages, turn.ids, i, b.runs[i], 0, count)
		case billed != nil:
			id = b.idOfCounted(i, m, func() (int, int) {
				return billed.MessageTokens(i, b.t.tok), billed.MessageFraming(i, b.t.tok)
			})
		default:
			id = b.idOf(i, m)
		}
		turn.ids[i] = id
		sum += b.t.tokens[id]
	}
	b.remember(a.Messages, turn.ids)
	turn.Fixed = a.Used - sum
	turn.toolsKey = string(a.Tools)
	for _, c := range a.Components {
		if c.Name == window.ComponentReserve {
			continue
		}
		turn.Components = append(turn.Components, Component{Name: c.Name, Tokens: c.Used})
	}
	b.t.Turns = append(b.t.Turns, turn)
	return nil
}

// AddMessages adds a turn given as its messages and tools, counted as
// window.Assemble counts a measured request.
func (b *Builder) AddMessages(label string, messages []window.ChatMessage, tools []json.RawMessage, reserve int, rec *Recorded) error {
	toolsJSON, err := json.Marshal(tools)
	if err != nil {
		return fmt.Errorf("%s: tools: %w", label, err)
	}
	if len(tools) == 0 {
		toolsJSON = nil
	}
	hasSystem := len(messages) > 0 && messages[0].Role == "system"
	key := fixedKey{tools: string(toolsJSON), hasSystem: hasSystem}
	if hasSystem && b.t.billed {
		key.system = messages[0].Content
	}
	fixed, ok := b.t.fixed[key]
	if !ok && b.t.billed {
		// The tools and the priming, with the system message they join.
		lead := messages[:0]
		if hasSystem {
			lead = messages[:1]
		}
		p, rendered := window.RenderOpenAIMessages(lead, tools, b.t.Model, b.t.responses)
		if !rendered {
			return fmt.Errorf("%s: the request is no OpenAI Chat Completions request (a tool that is no function?)", label)
		}
		fixed, ok = p.FixedTokens(b.t.tok), true
		b.t.fixed[key] = fixed
	}
	if !ok {
		in := window.Input{
			Budget:    window.ContextBudget{TotalWindow: 1 << 30, ResponseReserve: 1},
			Tokenizer: b.t.tok, Model: b.t.Model, Mode: window.MeasureOnly, Tools: tools,
		}
		if hasSystem {
			in.SystemPrompt = messages[0].Content
		}
		a, err := window.Assemble(in)
		if err != nil {
			return fmt.Errorf("%s: %w", label, err)
		}
		fixed = a.Used
		for _, m := range a.Messages {
			fixed -= window.MessageTokens(m, b.t.framing, b.t.tok)
		}
		b.t.fixed[key] = fixed
	}
	turn := Turn{Label: label, Reserve: reserve, Recorded: rec, Fixed: fixed, toolsKey: key.tools, InputTokens: fixed}
	turn.ids = make([]int32, len(messages))
	b.runs = b.t.parallelRuns(messages)
	for i, m := range messages {
		var id int32
		if inRun(b.runs, i) {
			id = b.t.internMember(messages, turn.ids, i, b.runs[i], 0, nil)
		} else {
			id = b.idOf(i, m)
		}
		turn.ids[i] = id
		turn.InputTokens += b.t.tokens[id]
	}
	b.remember(messages, turn.ids)
	b.t.Turns = append(b.t.Turns, turn)
	return nil
}

// Trajectory returns the trajectory built.
func (b *Builder) Trajectory() *Trajectory { return b.t }

// internKind interns a message of a kind (0: one a turn sent) and
// variant (msgKey), counting it the first time it is seen: with count,
// or countMessage when count is nil.
func (t *Trajectory) internKind(m window.ChatMessage, kind uint8, variant int, count func() (tokens, framing int)) int32 {
	return t.intern(msgKey{role: m.Role, content: m.Content, name: m.Name, callID: m.ToolCallID, calls: string(m.ToolCalls), kind: kind, variant: variant}, m, count)
}

// intern interns message m under key k: see internKind.
func (t *Trajectory) intern(k msgKey, m window.ChatMessage, count func() (tokens, framing int)) int32 {
	if id, ok := t.msgID[k]; ok {
		return id
	}
	id := int32(len(t.msgs))
	t.msgID[k] = id
	if k.group != "" {
		pk := k
		pk.group = ""
		if first, seen := t.plainID[pk]; seen {
			t.plain[id] = first
		} else {
			t.plainID[pk] = id
		}
	}
	kind := k.kind
	t.msgs = append(t.msgs, m)
	t.noteCalls(m)
	if count == nil {
		count = func() (int, int) { return t.countMessage(m) }
	}
	n, frame := count()
	t.tokens = append(t.tokens, n)
	if t.billed && isToolOutput(m.Role) {
		t.frames[id] = frame
	}
	ik := identityOf(m)
	if kind != 0 {
		ik = "\x00policy\x00" + strconv.Itoa(k.variant) + "\x00" + ik
	}
	iid, ok := t.identID[ik]
	if !ok {
		iid = int32(len(t.identID))
		t.identID[ik] = iid
	}
	t.ident = append(t.ident, iid)
	t.synthetic = append(t.synthetic, kind)
	return id
}

// Kinds of message a policy makes.
const (
	syntheticStub    = 1
	syntheticSummary = 2
)

// internSynthetic interns a message a policy made. A policy's message is
// never one a turn sent, even when their texts are the same.
func (t *Trajectory) internSynthetic(m window.ChatMessage, kind uint8) int32 {
	return t.internKind(m, kind, 0, nil)
}

// internStub interns the stub that clears tool output id. Billed, it
// costs the output's framing (its header names the call's function,
// which a tool output sent as history does not carry) and its content.
func (t *Trajectory) internStub(stub window.ChatMessage, id int32) int32 {
	frame, ok := t.frames[id]
	if !ok {
		return t.internKind(stub, syntheticStub, 0, nil)
	}
	return t.internKind(stub, syntheticStub, frame, func() (int, int) {
		return frame + t.tok.Count(stub.Content), frame
	})
}

// countMessage is what a message adds to a request, and the framing
// part of it: as OpenAI bills it (its rendered content and framing; a
// tool output headed with the name of the call it answers) or the
// per-message estimate (framing not told apart: 0).
func (t *Trajectory) countMessage(m window.ChatMessage) (tokens, framing int) {
	if !t.billed {
		return window.MessageTokens(m, t.framing, t.tok), 0
	}
	msgs := []window.ChatMessage{m}
	if name := t.callNames[m.ToolCallID]; name != "" && (m.Role == "tool" || m.Role == "function") {
		call, err := json.Marshal([]toolCall{{ID: m.ToolCallID, Type: "function", Function: toolFunction{Name: name, Arguments: "{}"}}})
		if err == nil {
			msgs = []window.ChatMessage{{Role: "assistant", ToolCalls: call}, m}
		}
	}
	p, ok := window.RenderOpenAIMessages(msgs, nil, t.Model, t.responses)
	if !ok {
		return window.MessageTokens(m, t.framing, t.tok), 0
	}
	return p.MessageTokens(len(msgs)-1, t.tok), p.MessageFraming(len(msgs)-1, t.tok)
}

// toolCall is a Chat Completions tool call, as an assistant message's
// tool_calls hold it.
type toolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function toolFunction `json:"function"`
}

type toolFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// noteCalls remembers the function name of each tool call a message
// makes, by call id.
func (t *Trajectory) noteCalls(m window.ChatMessage) {
	if len(m.ToolCalls) == 0 {
		return
	}
	var calls []toolCall
	if json.Unmarshal(m.ToolCalls, &calls) != nil {
		return
	}
	for _, c := range calls {
		if c.ID != "" && c.Function.Name != "" {
			t.callNames[c.ID] = c.Function.Name
		}
	}
}

// identityOf is a message's identity for prefix matching: its role and
// text with its tool calls, the form a request's history sends it in,
// so a tool call or result is one message whether it came after the
// request's last user message or before it.
func identityOf(m window.ChatMessage) string {
	role := m.Role
	text := m.Content
	if len(m.ToolCalls) > 0 {
		text = strings.Join(nonEmpty(m.Content, string(m.ToolCalls)), "\n")
	}
	return role + "\x00" + text
}

func nonEmpty(parts ...string) []string {
	kept := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return kept
}
