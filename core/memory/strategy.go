package memory

import (
	"context"
	"fmt"
	"regexp"

	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/choice"
	"ctxlab/internal/numfmt"
)

// Strategy names one of the article's three ways to keep a chat
// history inside its token budget.
type Strategy string

const (
	// Sliding is the article's SlidingWindowMemory.
	Sliding Strategy = "sliding"
	// Priority is the article's PriorityMemory.
	Priority Strategy = "priority"
	// Summary is the article's RollingSummarizer.
	Summary Strategy = "summary"
)

// Strategies are the strategies in display order, with their parser.
var Strategies = choice.Of("memory strategy", Sliding, Priority, Summary)

// The article's defaults.
const (
	DefaultMaxTokens      = 4000 // SlidingWindowMemory(max_tokens=4000)
	DefaultSummarizeEvery = 6    // RollingSummarizer(summarize_every=6)
	DefaultKeepRecent     = 4    // RollingSummarizer(keep_recent=4)
)

// DefaultPriorityPatterns are PriorityMemory.PRIORITY_PATTERNS: order ids,
// user identifiers and stated preferences. Go's RE2 reads \d and \s as
// ASCII classes where Python's re reads them as Unicode ones; for these
// patterns that only matters for non-ASCII digits and spaces.
var DefaultPriorityPatterns = []string{
	`ORD-\d+`,
	`user_id:\s*\S+`,
	`preference:`,
}

// Options configure ApplyContext. The zero value means the sliding
// window with a budget of 0 tokens; DefaultOptions gives the
// article's defaults.
type Options struct {
	// Strategy is sliding, priority or summary; "" means sliding.
	Strategy Strategy `json:"strategy" yaml:"strategy"`
	// MaxTokens is the history budget. 0 is a real budget of zero tokens
	// (the sliding window then keeps only the newest message), not "no
	// limit": a preset that allocates nothing to history means it.
	MaxTokens int `json:"max_tokens" yaml:"max_tokens"`
	// Patterns pin messages under the priority strategy; empty means
	// DefaultPriorityPatterns.
	Patterns []string `json:"patterns,omitempty" yaml:"patterns,omitempty"`
	// ReferenceOrder puts pinned messages first, as the article's
	// PriorityMemory does, instead of keeping chronological order, which
	// is ctxlab's choice and the default.
	ReferenceOrder bool `json:"reference_order,omitempty" yaml:"reference_order,omitempty"`
	// SummarizeEvery is the summary strategy's fold cadence in messages;
	// 0 means DefaultSummarizeEvery.
	SummarizeEvery int `json:"summarize_every,omitempty" yaml:"summarize_every,omitempty"`
	// KeepRecent is how many of the newest messages a fold leaves
	// verbatim; 0 means DefaultKeepRecent (the article's slice
	// [:-0] would fold nothing, so 0 cannot mean "keep none").
	KeepRecent int `json:"keep_recent,omitempty" yaml:"keep_recent,omitempty"`
}

// Settings are the history strategy's knobs, everything ApplyContext
// takes but the budget: what core.Settings holds, since there the budget is
// the history allocation.
type Settings struct {
	Strategy       Strategy
	Patterns       []string
	ReferenceOrder bool
	SummarizeEvery int
	KeepRecent     int
}

// Options are the settings with a budget of maxTokens, as ApplyContext
// takes them.
func (m Settings) Options(maxTokens int) Options {
	return Options{
		Strategy: m.Strategy, MaxTokens: maxTokens, Patterns: m.Patterns, ReferenceOrder: m.ReferenceOrder,
		SummarizeEvery: m.SummarizeEvery, KeepRecent: m.KeepRecent,
	}
}

// DefaultSettings are DefaultOptions' knobs.
func DefaultSettings() Settings {
	o := DefaultOptions()
	return Settings{Strategy: o.Strategy, Patterns: o.Patterns, ReferenceOrder: o.ReferenceOrder, SummarizeEvery: o.SummarizeEvery, KeepRecent: o.KeepRecent}
}

// DefaultOptions returns the sliding window with the article's
// 4000-token budget and the article's defaults for the other strategies.
func DefaultOptions() Options {
	return Options{
		Strategy:       Sliding,
		MaxTokens:      DefaultMaxTokens,
		Patterns:       append([]string(nil), DefaultPriorityPatterns...),
		SummarizeEvery: DefaultSummarizeEvery,
		KeepRecent:     DefaultKeepRecent,
	}
}

// withDefaults fills the fields whose zero value stands for a default.
func (o Options) withDefaults() Options {
	if o.Strategy == "" {
		o.Strategy = Sliding
	}
	if len(o.Patterns) == 0 {
		o.Patterns = DefaultPriorityPatterns
	}
	if o.SummarizeEvery == 0 {
		o.SummarizeEvery = DefaultSummarizeEvery
	}
	if o.KeepRecent == 0 {
		o.KeepRecent = DefaultKeepRecent
	}
	return o
}

// Validate reports the first option that cannot be used, naming it.
func (o Options) Validate() error {
	_, err := o.compilePatterns()
	return err
}

// compilePatterns validates the options and compiles the priority
// patterns once, so ApplyContext does not compile them per message.
func (o Options) compilePatterns() ([]*regexp.Regexp, error) {
	o = o.withDefaults()
	if _, err := Strategies.Parse(string(o.Strategy)); err != nil {
		return nil, err
	}
	switch {
	case o.MaxTokens < 0:
		return nil, fmt.Errorf("memory budget %s tokens is negative", numfmt.Thousands(o.MaxTokens))
	case o.SummarizeEvery < 0:
		return nil, fmt.Errorf("summarize_every %s is negative", numfmt.Thousands(o.SummarizeEvery))
	case o.KeepRecent < 0:
		return nil, fmt.Errorf("keep_recent %s is negative", numfmt.Thousands(o.KeepRecent))
	}
	compiled := make([]*regexp.Regexp, len(o.Patterns))
	for i, p := range o.Patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("priority pattern `%s` does not compile: %w", p, err)
		}
		compiled[i] = re
	}
	return compiled, nil
}

// Fate is what a strategy did with one history message.
type Fate string

const (
	Kept       Fate = "kept"       // in the context verbatim
	Pinned     Fate = "pinned"     // in the context because a priority pattern matched
	Summarized Fate = "summarized" // folded into the running summary
	Dropped    Fate = "dropped"    // not in the context in any form
)

// MessageFate is one history message's fate.
type MessageFate struct {
	Index int  `json:"index"` // position in the input history
	Fate  Fate `json:"fate"`
	// Pattern is the first priority pattern the message matched, also
	// when it was not needed to pin it.
	Pattern string `json:"pattern,omitempty"`
	// Tokens is the message content's token count, the article's
	// Message.token_count.
	Tokens int `json:"tokens"`
}

// SummaryFold is one fold of the rolling summary.
type SummaryFold struct {
	// Turn is the turn_count at which the fold ran (a multiple of
	// SummarizeEvery).
	Turn int `json:"turn"`
	// Folded are the input indices folded into the summary.
	Folded []int `json:"folded"`
	// SummaryTokens is the summary's token count after the fold.
	SummaryTokens int `json:"summary_tokens"`
}

// SummaryRole is the role of the message that carries the rolling
// summary in Result.Messages.
const SummaryRole = "system"

// Result is what a memory strategy puts into the prompt and why.
type Result struct {
	Strategy Strategy `json:"strategy"`
	// Messages enter the prompt, chronological unless ReferenceOrder.
	// Under the summary strategy the first is the summary line with role
	// SummaryRole.
	Messages []value.Message `json:"messages"`
	// Summary is the rolling summary's text, "" when nothing was folded.
	Summary string `json:"summary,omitempty"`
	// Fates has one entry per input message, in input order.
	Fates []MessageFate `json:"fates"`
	Folds []SummaryFold `json:"folds,omitempty"`
	// Tokens is what the strategy charges against MaxTokens: the kept
	// messages' content tokens plus the summary line's.
	Tokens int `json:"tokens"`
	// TextTokens is Text()'s count: Tokens plus the "role: " prefixes
	// and line breaks, which the article's budget does not see but its
	// assembler's history truncation does.
	TextTokens int `json:"text_tokens"`
	MaxTokens  int `json:"max_tokens"`
	// Overflow is how far the history is over MaxTokens when positive:
	// it does not fit even after the strategy did all it may do (pinned
	// messages or the newest message alone are over budget).
	// ApplyContext counts it on contents (Tokens − MaxTokens), as the
	// article does; Evaluate as sent, on TextTokens, role prefixes
	// included (ctxlab's choice), and says so in a note.
	Overflow int      `json:"overflow,omitempty"`
	Notes    []string `json:"notes,omitempty"`
	// text is Text as ApplyContext wrote it to count it, for its caller
	// to hand on (the assembler renders the same text) and then drop
	// (WithoutText): rendering it twice allocated a second 50 MB copy
	// while the first was still waiting for the collector.
	text     string
	rendered bool
}

// Text is the history as the article renders it: "role: content" lines
// (to_text), after the "[Conversation summary: …]" line for the summary
// strategy (build_context). It is written on each call, not kept in the
// Result: for a 50 MB message it would be 50 MB more held for as long as
// the evaluation is.
func (r Result) Text() string {
	if r.rendered {
		return r.text
	}
	if r.Summary == "" || len(r.Messages) == 0 {
		return summarize.RenderMemoryLines(r.Messages)
	}
	// The first message is the summary line, written without its role.
	if len(r.Messages) == 1 {
		return r.Messages[0].Content
	}
	return r.Messages[0].Content + "\n" + summarize.RenderMemoryLines(r.Messages[1:])
}

// WithoutText is r without the text ApplyContext wrote, which Text
// then writes again when asked: what an evaluation keeps.
func (r Result) WithoutText() Result {
	r.text, r.rendered = "", false
	return r
}

// ApplyContext runs the chosen strategy over the whole history, as
// if each message had been added to the article's memory object in turn.
// A nil tokenizer means Heuristic; a nil summarizer means
// ExtractiveSummarizer. ctx reaches the summarizer only.
func ApplyContext(ctx context.Context, history []value.Message, opts Options, tok tokens.Tokenizer, sum summarize.Summarizer) (Result, error) {
	patterns, err := opts.compilePatterns()
	if err != nil {
		return Result{}, err
	}
	opts = opts.withDefaults()
	if tok == nil {
		tok = tokens.Heuristic{}
	}
	if sum == nil {
		sum = summarize.ExtractiveSummarizer{}
	}
	tokens := make([]int, len(history))
	for i, m := range history {
		tokens[i] = tok.Count(m.Content)
	}
	var res Result
	switch opts.Strategy {
	case Priority:
		res = applyPriority(history, tokens, opts, patterns)
	case Summary:
		res, err = applyRollingSummary(ctx, history, tokens, opts, tok, sum)
		if err != nil {
			return Result{}, err
		}
	default:
		res = applySliding(history, tokens, opts.MaxTokens)
	}
	res.Strategy = opts.Strategy
	res.MaxTokens = opts.MaxTokens
	res.text, res.rendered = res.Text(), true
	res.TextTokens = tok.Count(res.text)
	if res.Overflow = res.Tokens - opts.MaxTokens; res.Overflow < 0 {
		res.Overflow = 0
	}
	// The pattern column is informative under every strategy: it shows
	// what priority memory would pin before the user switches to it.
	if opts.Strategy != Priority {
		for i := range res.Fates {
			res.Fates[i].Pattern = firstMatchingPattern(history[res.Fates[i].Index].Content, opts.Patterns, patterns)
		}
	}
	return res, nil
}

// firstMatchingPattern returns the first pattern that matches content,
// "" when none does.
func firstMatchingPattern(content string, sources []string, compiled []*regexp.Regexp) string {
	for i, re := range compiled {
		if re.MatchString(content) {
			return sources[i]
		}
	}
	return ""
}

// memoryFates returns one fate per message, all set to fate.
func memoryFates(tokens []int, fate Fate) []MessageFate {
	fates := make([]MessageFate, len(tokens))
	for i, t := range tokens {
		fates[i] = MessageFate{Index: i, Fate: fate, Tokens: t}
	}
	return fates
}
