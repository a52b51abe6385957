package trajectory

import (
	"encoding/json"
	"fmt"
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

	tok     *memoTokenizer
	framing window.Framing
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
	// JSON and whether a system message precedes.
	fixed map[fixedKey]int
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
}

type fixedKey struct {
	tools     string
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
}

// idOf interns the i-th message of a turn, reusing the previous turn's
// id when its i-th message is the same.
func (b *Builder) idOf(i int, m window.ChatMessage) int32 {
	if i < len(b.prev) {
		p := b.prev[i]
		if p.Role == m.Role && p.Content == m.Content && p.Name == m.Name && p.ToolCallID == m.ToolCallID && string(p.ToolCalls) == string(m.ToolCalls) {
			return b.prevIDs[i]
		}
	}
	return b.t.intern(m)
}

// remember keeps a turn's messages for the next turn's idOf.
func (b *Builder) remember(msgs []window.ChatMessage, ids []int32) {
	b.prev, b.prevIDs = msgs, ids
}

// NewBuilder starts a trajectory whose turns are counted with tok and
// framed as model's requests are.
func NewBuilder(name, model, provider string, tok tokens.Tokenizer, windowTokens int) *Builder {
	return &Builder{t: &Trajectory{
		Name: name, Model: model, Provider: provider, Window: windowTokens,
		tok: newMemoTokenizer(tok), framing: window.FramingForModel(model),
		msgID: map[msgKey]int32{}, identID: map[string]int32{}, fixed: map[fixedKey]int{},
	}}
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
	a, err := window.Assemble(window.Input{
		Budget: s.Budget, Tokenizer: b.t.tok, Model: s.Model, Mode: window.MeasureOnly,
		SystemPrompt: sc.SystemPrompt, Tools: sc.Tools, History: sc.History, ToolResults: sc.ToolResults,
		UserQuery: s.Query,
	})
	var overflow *window.OverflowError
	if err != nil && !asOverflow(err, &overflow) {
		return fmt.Errorf("%s: %w", label, err)
	}
	turn := Turn{Label: label, Reserve: s.Budget.ResponseReserve, Recorded: rec, InputTokens: a.Used}
	sum := 0
	turn.ids = make([]int32, len(a.Messages))
	for i, m := range a.Messages {
		id := b.idOf(i, m)
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
	fixed, ok := b.t.fixed[key]
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
	for i, m := range messages {
		id := b.idOf(i, m)
		turn.ids[i] = id
		turn.InputTokens += b.t.tokens[id]
	}
	b.remember(messages, turn.ids)
	b.t.Turns = append(b.t.Turns, turn)
	return nil
}

// Trajectory returns the trajectory built.
func (b *Builder) Trajectory() *Trajectory { return b.t }

// intern returns a message's id, counting it the first time it is seen.
func (t *Trajectory) intern(m window.ChatMessage) int32 { return t.internKind(m, 0) }

func (t *Trajectory) internKind(m window.ChatMessage, kind uint8) int32 {
	k := msgKey{role: m.Role, content: m.Content, name: m.Name, callID: m.ToolCallID, calls: string(m.ToolCalls), kind: kind}
	if id, ok := t.msgID[k]; ok {
		return id
	}
	id := int32(len(t.msgs))
	t.msgID[k] = id
	t.msgs = append(t.msgs, m)
	t.tokens = append(t.tokens, window.MessageTokens(m, t.framing, t.tok))
	ik := identityOf(m)
	if kind != 0 {
		ik = "\x00policy\x00" + ik
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
	return t.internKind(m, kind)
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
