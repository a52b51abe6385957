package trajectory

import (
	"context"
	"fmt"
	"math"

	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// Breakpoint placements for Anthropic's cache_control, as
// Options.Breakpoints names them.
const (
	// BreakpointsSystemLast marks the end of the tools and system prompt
	// and the end of the last message: the next turn reads everything
	// this one sent.
	BreakpointsSystemLast = "system+last"
	// BreakpointsSystem marks only the end of the tools and system
	// prompt.
	BreakpointsSystem = "system"
	// BreakpointsNone sends no breakpoint: nothing is cached.
	BreakpointsNone = "none"
)

// Options set what a replay measures against and prices with.
type Options struct {
	// Window overrides the trajectory's window when > 0; Reserve each
	// turn's reserve when > 0.
	Window, Reserve int
	// Price is the model's price; PriceKnown false leaves costs NaN.
	Price      tokens.Price
	PriceKnown bool
	// Rules are the provider's prompt-cache rules.
	Rules tokens.CacheRules
	// Breakpoints places Anthropic's cache_control breakpoints; "" is
	// BreakpointsSystemLast. LongLived prices writes at the 1-hour rate.
	Breakpoints string
	LongLived   bool
	// Summarizer writes compaction's summaries; nil is the extractive
	// summarizer.
	Summarizer summarize.Summarizer
	// Sent, when set, is called with each request a policy makes, turn
	// by turn (turn from 1), before it is priced: what a view drawing a
	// turn's composition, or a test of the policies, reads.
	Sent func(policy string, turn int, messages []window.ChatMessage)
	// Parts fills each TurnResult's Parts: what a view stacking a turn's
	// request by component reads.
	Parts bool
}

// Report is a replay: the turns as sent and each policy's result.
type Report struct {
	Window   int            `json:"window"`
	Turns    []SentTurn     `json:"turns"`
	Policies []PolicyResult `json:"policies"`
	// Recorded is the turns' recorded usage, priced; nil when no turn
	// recorded one.
	Recorded *RecordedBill `json:"recorded,omitempty"`
}

// SentTurn is one turn as it was sent.
type SentTurn struct {
	Turn        int         `json:"turn"`
	Label       string      `json:"label"`
	InputTokens int         `json:"input_tokens"`
	Reserve     int         `json:"reserve"`
	Components  []Component `json:"components"`
	OverWindow  bool        `json:"over_window"`
	// Recorded is what the provider reported, when it was recorded.
	Recorded *Recorded `json:"recorded,omitempty"`
}

// PolicyResult is one policy replayed over every turn.
type PolicyResult struct {
	Name          string  `json:"name"`
	Label         string  `json:"label"`
	OverflowTurns int     `json:"overflow_turns"`
	FirstOverflow int     `json:"first_overflow,omitempty"`
	PeakTokens    int     `json:"peak_tokens"`
	InputTokens   int     `json:"input_tokens"`
	CachedTokens  int     `json:"cached_tokens"`
	CacheWrites   int     `json:"cache_write_tokens"`
	CostUSD       float64 `json:"cost_usd"`
	Per1000USD    float64 `json:"per_1000_usd"`
	// TurnsTrimmed counts the turns that sent less than the turn held;
	// RemovedMessages and RemovedTokens are the most one turn left out.
	TurnsTrimmed    int          `json:"turns_trimmed"`
	RemovedMessages int          `json:"removed_messages_max"`
	RemovedTokens   int          `json:"removed_tokens_max"`
	Turns           []TurnResult `json:"turns"`

	policy Policy
}

// CachedShare is the share of the served input tokens read from cache.
func (r PolicyResult) CachedShare() float64 {
	if r.InputTokens == 0 {
		return 0
	}
	return float64(r.CachedTokens) / float64(r.InputTokens)
}

// Policy returns the policy the result is of.
func (r PolicyResult) Policy() Policy { return r.policy }

// TurnResult is one turn under a policy.
type TurnResult struct {
	Turn         int  `json:"turn"`
	InputTokens  int  `json:"input_tokens"`
	CachedTokens int  `json:"cached_tokens"`
	CacheWrites  int  `json:"cache_write_tokens"`
	OverWindow   bool `json:"over_window"`
	// Removed is how many of the turn's messages were left out or
	// replaced; RemovedTokens their tokens.
	Removed       int     `json:"removed"`
	RemovedTokens int     `json:"removed_tokens"`
	CostUSD       float64 `json:"cost_usd"`
	// Parts is the request's tokens by component, with Options.Parts.
	Parts Parts `json:"-"`
}

// Replay runs each policy over every turn of t. It interns the summaries
// and stubs it makes into t, so one trajectory replays one at a time.
func Replay(ctx context.Context, t *Trajectory, policies []Policy, opts Options) (*Report, error) {
	if opts.Summarizer == nil {
		opts.Summarizer = summarize.ExtractiveSummarizer{}
	}
	if opts.Breakpoints == "" {
		opts.Breakpoints = BreakpointsSystemLast
	}
	win := t.Window
	if opts.Window > 0 {
		win = opts.Window
	}
	rep := &Report{Window: win}
	shapes := make([]turnShape, len(t.Turns))
	for i := range t.Turns {
		tu := &t.Turns[i]
		shapes[i] = t.shape(tu)
		reserve := tu.Reserve
		if opts.Reserve > 0 {
			reserve = opts.Reserve
		}
		shapes[i].reserve = reserve
		rep.Turns = append(rep.Turns, SentTurn{
			Turn: i + 1, Label: tu.Label, InputTokens: tu.InputTokens, Reserve: reserve,
			Components: tu.Components, OverWindow: tu.InputTokens+reserve > win, Recorded: tu.Recorded,
		})
	}
	rep.Recorded = recordedBill(rep.Turns, opts)
	for _, p := range policies {
		r, err := t.replayOne(ctx, p, shapes, win, opts)
		if err != nil {
			return nil, err
		}
		rep.Policies = append(rep.Policies, r)
	}
	return rep, nil
}

// turnShape is a turn split into units: pinned (the leading system
// messages) and the rest, each a message or an assistant's tool calls
// with the results that follow it.
type turnShape struct {
	turn    *Turn
	pinned  int   // messages pinned at the start
	units   []int // start of each unit, as a message index
	prefix  []int // prefix[i] = tokens of messages [0, i)
	reserve int
}

func (t *Trajectory) shape(tu *Turn) turnShape {
	s := turnShape{turn: tu, prefix: make([]int, len(tu.ids)+1)}
	for i, id := range tu.ids {
		s.prefix[i+1] = s.prefix[i] + t.tokens[id]
	}
	for s.pinned < len(tu.ids) && t.msgs[tu.ids[s.pinned]].Role == "system" {
		s.pinned++
	}
	for i := s.pinned; i < len(tu.ids); i++ {
		if isToolOutput(t.msgs[tu.ids[i]].Role) && len(s.units) > 0 {
			continue
		}
		s.units = append(s.units, i)
	}
	return s
}

func isToolOutput(role string) bool { return role == "tool" || role == "function" }

// unitStart is where unit u starts, len(ids) past the last.
func (s *turnShape) unitStart(u int) int {
	if u >= len(s.units) {
		return len(s.turn.ids)
	}
	return s.units[u]
}

// tokensFrom is the request's tokens when units [u:] follow the pinned
// messages and extra tokens.
func (s *turnShape) tokensFrom(u, extra int) int {
	n := len(s.turn.ids)
	return s.turn.Fixed + s.prefix[s.pinned] + extra + s.prefix[n] - s.prefix[s.unitStart(u)]
}

// served is the last request served: its identities, token counts and
// the cached prefixes it left.
type served struct {
	ok       bool
	toolsKey string
	fixed    int
	idents   []int32
	toks     []int
	cached   []int // prefix lengths in the cache
}

func (t *Trajectory) replayOne(ctx context.Context, p Policy, shapes []turnShape, win int, opts Options) (PolicyResult, error) {
	r := PolicyResult{Name: p.Name(), Label: p.Label(), policy: p}
	var prev, spare served
	cut := 0 // watermark and compact: leading units left out
	summaryID := int32(-1)
	summaryText := ""
	for i := range shapes {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		s := &shapes[i]
		maxInput := win - s.reserve
		ids := s.turn.ids
		var sent []int32
		extra := 0
		if summaryID >= 0 {
			extra = t.tokens[summaryID]
		}
		withUnits := func(u int, summary bool) []int32 {
			out := make([]int32, 0, s.pinned+1+len(ids)-s.unitStart(u))
			out = append(out, ids[:s.pinned]...)
			if summary && summaryID >= 0 {
				out = append(out, summaryID)
			}
			return append(out, ids[s.unitStart(u):]...)
		}
		last := len(s.units) - 1
		if last < 0 {
			last = 0
		}
		switch p.Kind {
		case KindAsSent:
			sent = ids
		case KindLast:
			sent = withUnits(max(0, len(s.units)-p.N), false)
		case KindDropOldest:
			u := 0
			for u < last && s.tokensFrom(u, 0)+s.reserve > win {
				u++
			}
			sent = withUnits(u, false)
		case KindWatermark:
			cut = min(cut, last)
			if float64(s.tokensFrom(cut, 0)) > p.High*float64(maxInput) {
				for cut < last && float64(s.tokensFrom(cut, 0)) > p.Low*float64(maxInput) {
					cut++
				}
			}
			sent = withUnits(cut, false)
		case KindCompact:
			cut = min(cut, last)
			if float64(s.tokensFrom(cut, extra)) > p.High*float64(maxInput) {
				from := cut
				for cut < last && float64(s.tokensFrom(cut, extra)) > p.High/2*float64(maxInput) {
					cut++
				}
				if cut > from {
					text, err := t.summarize(ctx, opts.Summarizer, summaryText, ids[s.unitStart(from):s.unitStart(cut)])
					if err != nil {
						return r, fmt.Errorf("%s: compacting: %w", s.turn.Label, err)
					}
					summaryText = text
					summaryID = t.internSynthetic(window.ChatMessage{Role: "user", Content: summaryHeading + text}, syntheticSummary)
				}
			}
			sent = withUnits(cut, true)
		case KindClearToolResults:
			sent = t.clearToolResults(ids, p.N)
		default:
			return r, fmt.Errorf("policy %q is not known", p.Kind)
		}

		if opts.Sent != nil {
			msgs := make([]window.ChatMessage, len(sent))
			for k, id := range sent {
				msgs[k] = t.msgs[id]
			}
			opts.Sent(r.Name, i+1, msgs)
		}
		tr := TurnResult{Turn: i + 1, InputTokens: s.turn.Fixed}
		for _, id := range sent {
			tr.InputTokens += t.tokens[id]
		}
		tr.Removed, tr.RemovedTokens = t.removed(ids, sent)
		if opts.Parts {
			tr.Parts = t.partsOf(s.turn, s.pinned, sent)
		}
		if tr.Removed > 0 {
			r.TurnsTrimmed++
			r.RemovedMessages = max(r.RemovedMessages, tr.Removed)
			r.RemovedTokens = max(r.RemovedTokens, tr.RemovedTokens)
		}
		r.PeakTokens = max(r.PeakTokens, tr.InputTokens)
		if tr.InputTokens+s.reserve > win {
			tr.OverWindow = true
			r.OverflowTurns++
			if r.FirstOverflow == 0 {
				r.FirstOverflow = i + 1
			}
			r.Turns = append(r.Turns, tr)
			continue
		}
		// Two buffers in turn: the request served last, and this one.
		cur := t.servedOf(s.turn, sent, spare)
		tr.CachedTokens, tr.CacheWrites, cur.cached = cacheOf(prev, cur, s.pinned, opts)
		tr.CostUSD = costOf(tr, opts)
		prev, spare = cur, prev
		r.InputTokens += tr.InputTokens
		r.CachedTokens += tr.CachedTokens
		r.CacheWrites += tr.CacheWrites
		r.CostUSD += tr.CostUSD
		r.Turns = append(r.Turns, tr)
	}
	r.Per1000USD = r.CostUSD * 1000
	return r, nil
}

// summaryHeading opens compaction's summary message.
const summaryHeading = "Summary of the earlier conversation:\n"

// ClearedStub is what clear-tool-results sends in place of an old tool
// result.
const ClearedStub = "[tool result cleared]"

func (t *Trajectory) summarize(ctx context.Context, s summarize.Summarizer, previous string, span []int32) (string, error) {
	msgs := make([]value.Message, len(span))
	for i, id := range span {
		m := t.msgs[id]
		msgs[i] = value.Message{Role: m.Role, Content: identityText(m)}
	}
	return s.Summarize(ctx, summarize.Request{Previous: previous, Messages: msgs})
}

func identityText(m window.ChatMessage) string {
	if len(m.ToolCalls) == 0 {
		return m.Content
	}
	return joinNonEmpty(m.Content, string(m.ToolCalls))
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}

// clearToolResults replaces every tool result but the last keep with a
// stub that answers the same call.
func (t *Trajectory) clearToolResults(ids []int32, keep int) []int32 {
	results := 0
	for _, id := range ids {
		if isToolOutput(t.msgs[id].Role) {
			results++
		}
	}
	if results <= keep {
		return ids
	}
	out := append([]int32(nil), ids...)
	clear := results - keep
	for i, id := range out {
		if clear == 0 {
			break
		}
		m := t.msgs[id]
		if !isToolOutput(m.Role) {
			continue
		}
		clear--
		if t.synthetic[id] == syntheticStub {
			continue
		}
		out[i] = t.stubFor(id)
	}
	t.regroup(out)
	return out
}

// stubFor is the stub that replaces message id, made once.
func (t *Trajectory) stubFor(id int32) int32 {
	if t.stubs == nil {
		t.stubs = map[int32]int32{}
	}
	if sid, ok := t.stubs[id]; ok {
		return sid
	}
	stub := t.msgs[id]
	stub.Content = ClearedStub
	sid := t.internStub(stub, id)
	t.stubs[id] = sid
	return sid
}

// removed counts the messages of ids that sent does not hold as
// themselves. sent keeps ids' order, with a summary and stubs in place
// of what they replace, so one pass compares them.
func (t *Trajectory) removed(ids, sent []int32) (n, tok int) {
	j := 0
	for _, id := range ids {
		for j < len(sent) && !t.sameMessage(sent[j], id) && t.synthetic[sent[j]] == syntheticSummary {
			j++
		}
		switch {
		case j < len(sent) && t.sameMessage(sent[j], id):
			j++
			continue
		case j < len(sent) && t.synthetic[sent[j]] == syntheticStub:
			j++
		}
		n++
		tok += t.tokens[id]
	}
	return n, tok
}

// servedOf describes a request served, in buf's slices.
func (t *Trajectory) servedOf(tu *Turn, sent []int32, buf served) served {
	s := served{ok: true, toolsKey: tu.toolsKey, fixed: tu.Fixed, idents: buf.idents[:0], toks: buf.toks[:0], cached: buf.cached[:0]}
	for _, id := range sent {
		s.idents = append(s.idents, t.ident[id])
		s.toks = append(s.toks, t.tokens[id])
	}
	return s
}

// cacheOf is a served request's cache reads and writes against the
// request served before it, and the prefix lengths it leaves cached.
func cacheOf(prev, cur served, pinned int, opts Options) (read, write int, cached []int) {
	cached = cur.cached
	total := cur.fixed
	for _, n := range cur.toks {
		total += n
	}
	// The common prefix, in tokens: the tools and the fixed part first,
	// then message by message.
	common := 0
	if prev.ok && prev.toolsKey == cur.toolsKey {
		common = cur.fixed
		for i := 0; i < len(cur.idents) && i < len(prev.idents) && cur.idents[i] == prev.idents[i]; i++ {
			common += cur.toks[i]
		}
	}
	rules := opts.Rules
	if rules.Automatic {
		if common >= rules.MinTokens {
			read = rules.MinTokens + (common-rules.MinTokens)/rules.Step*rules.Step
		}
		read = min(read, total)
		return read, 0, nil
	}
	// Anthropic: only prefixes ending at a breakpoint are written, and a
	// read takes the longest cached one this request repeats.
	for _, c := range prev.cached {
		if c <= common && c > read {
			read = c
		}
	}
	var marks []int
	sys := cur.fixed
	for i := 0; i < pinned && i < len(cur.toks); i++ {
		sys += cur.toks[i]
	}
	switch opts.Breakpoints {
	case BreakpointsSystem:
		marks = []int{sys}
	case BreakpointsSystemLast:
		marks = []int{sys, total}
	}
	furthest := 0
	for _, m := range marks {
		if m >= rules.MinTokens {
			cached = append(cached, m)
			furthest = max(furthest, m)
		}
	}
	if read > 0 {
		cached = append(cached, read)
	}
	if furthest > read {
		write = furthest - read
	}
	return read, write, cached
}

// costOf prices a served turn's input: uncached tokens at the input
// rate, reads at the cached rate (the rules' share of the input rate
// when the table has none), writes at the rules' write multiple.
func costOf(tr TurnResult, opts Options) float64 {
	if !opts.PriceKnown || math.IsNaN(opts.Price.Input) {
		return math.NaN()
	}
	in := opts.Price.Input / 1e6
	readRate := opts.Price.CachedInput / 1e6
	if math.IsNaN(readRate) {
		if opts.Rules.Automatic {
			readRate = in
		} else {
			readRate = in * opts.Rules.ReadShare
		}
	}
	writeShare := opts.Rules.Write5m
	if opts.LongLived {
		writeShare = opts.Rules.Write1h
	}
	uncached := tr.InputTokens - tr.CachedTokens - tr.CacheWrites
	return float64(uncached)*in + float64(tr.CachedTokens)*readRate + float64(tr.CacheWrites)*in*writeShare
}
