package diagnose

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"ctxlab/core/tokens"
	"ctxlab/core/usage"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/quoted"
)

// CodeCountOffBill: ctxlab's count of the request as sent differs from
// the input tokens the provider billed for it.
const CodeCountOffBill = "count-differs-from-bill"

// Bill is what the provider billed for the request, set beside ctxlab's
// count of it as sent: made only when the input recorded the provider's
// usage and the assembly is the request as sent (measure mode).
type Bill struct {
	usage.Billed
	// Field names where the bill was read, e.g. "usage.prompt_tokens".
	Field string
	// Counted is ctxlab's count of the request as sent.
	Counted int
	// ResponseFormat is true when the body asks for a structured reply
	// (response_format, or text.format of a Responses body), which the
	// provider renders into the prompt.
	ResponseFormat bool
	// EstimateBand is the count's documented error band in percent when
	// the count is an estimate (Anthropic's), 0 when the counting rules
	// are meant to be exact.
	EstimateBand int
	// LeftOut names what the request sets that the count leaves out
	// (an Anthropic server tool, context management), "" when nothing.
	LeftOut string
	// ToolsMissing is true when the request makes tool calls but the
	// input carries no tool definitions (an instrumentation that does
	// not record them): the provider was sent definitions the count
	// leaves out.
	ToolsMissing bool
}

// Gap is counted less the billed input, cache included.
func (b *Bill) Gap() int { return b.Billed.Gap(b.Counted) }

// GapPercent is the gap as a share of the bill, in percent; 0 when the
// bill is 0.
func (b *Bill) GapPercent() float64 {
	if b.InputTokens == 0 {
		return 0
	}
	return 100 * float64(b.Gap()) / float64(b.InputTokens)
}

// WithinTolerance reports whether the count is within its tolerance of
// the bill: 2%, or 1 token, for counting rules meant to be exact; the
// estimate's band for an estimate.
func (b *Bill) WithinTolerance() bool {
	g := b.Gap()
	if g < 0 {
		g = -g
	}
	share := 0.02
	if b.EstimateBand > 0 {
		share = float64(b.EstimateBand) / 100
	}
	return g <= 1 || float64(g) <= share*float64(b.InputTokens)
}

// Verdict says where the gap falls: "the count is the bill", "within 2%
// of the bill", "within the estimate's ±12%", or beyond them.
func (b *Bill) Verdict() string {
	switch {
	case b.Gap() == 0:
		return "the count is the bill"
	case b.EstimateBand > 0 && b.WithinTolerance():
		return fmt.Sprintf("within the estimate's ±%d%%", b.EstimateBand)
	case b.EstimateBand > 0:
		return fmt.Sprintf("beyond the estimate's ±%d%%", b.EstimateBand)
	case b.LeftOut != "":
		return "the estimate leaves out " + quoted.Name(b.LeftOut) + ", which the provider expands on its side"
	case b.WithinTolerance():
		return "within 2% of the bill"
	}
	return "beyond the 2% the counting rules hold to"
}

// Words is the comparison as the header and the reports give it:
// "counted 1,204 · billed 1,210 (−6, −0.5%)", or "(the same)".
func (b *Bill) Words() string {
	return fmt.Sprintf("counted %s · billed %s (%s)", numfmt.Thousands(b.Counted), numfmt.Thousands(b.InputTokens), b.GapWords())
}

// GapWords is the signed gap and its share: "−6, −0.5%", "+49, +69%" or
// "the same".
func (b *Bill) GapWords() string {
	g := b.Gap()
	if g == 0 {
		return "the same"
	}
	sign, abs := "+", g
	if g < 0 {
		sign, abs = "−", -g
	}
	if b.InputTokens == 0 {
		return sign + numfmt.Thousands(abs)
	}
	pct := math.Abs(b.GapPercent())
	digits := 1
	if pct >= 10 {
		digits = 0
	}
	return fmt.Sprintf("%s%s, %s%.*f%%", sign, numfmt.Thousands(abs), sign, digits, pct)
}

// gapSuspect is a part of the request whose count follows an inferred
// or estimated rule, with its counted tokens.
type gapSuspect struct {
	words  string
	tokens int
	ref    Ref
}

// billFindings: the count of the request as sent differs from the bill.
// The finding names the parts whose counting rules are inferred rather
// than documented (tool definitions and a response format, tool calls
// and tool results, the framing), largest first with their counted
// share: the likeliest places the difference comes from. A request that
// makes tool calls without its tool definitions recorded (Bill.ToolsMissing)
// and is counted under its bill names the missing definitions first.
func billFindings(in *Input) []Finding {
	b := in.Bill
	if b == nil || b.Gap() == 0 {
		return nil
	}
	sev, verdict := SeverityInfo, b.Verdict()
	if !b.WithinTolerance() {
		sev = SeverityWarning
	}
	anthropic := false
	if spec, ok := tokens.LookupModel(in.Model); ok && spec.Provider == tokens.ProviderAnthropic {
		anthropic = true
	}
	msg := fmt.Sprintf("Counts are off the bill: ctxlab counts %s tokens as sent, the provider billed %s (%s, %s): %s, %s.",
		numfmt.Thousands(b.Counted), numfmt.Thousands(b.InputTokens), b.Field, b.Convention.Rule(), b.GapWords(), verdict)
	suspects := billSuspects(in, b)
	var refs []Ref
	parts := make([]string, len(suspects))
	for i, s := range suspects {
		parts[i] = fmt.Sprintf("%s %s tokens (%s of the count)", s.words, numfmt.Thousands(s.tokens), sharePercent(s.tokens, b.Counted))
		if !slices.Contains(refs, s.ref) {
			refs = append(refs, s.ref)
		}
	}
	switch {
	case b.ToolsMissing && b.Gap() < 0:
		// The count lacks what the bill holds: definitions the request
		// was sent with and the input did not record come before any
		// rule's error.
		msg += fmt.Sprintf(" Most likely the tool definitions: the request makes tool calls but carries no tools array (the input did not record it), so the count leaves out the definitions the provider was sent and billed (up to the %s tokens of the gap).",
			numfmt.Thousands(-b.Gap()))
		if len(parts) > 0 {
			msg += " Then the parts counted by inferred rules: " + strings.Join(parts, ", ") + "."
		}
		refs = append([]Ref{ComponentRef(window.ComponentTools)}, refs...)
	case len(suspects) > 0:
		msg += " Most likely from the parts counted by inferred rules: " + strings.Join(parts, ", ") + "."
	case anthropic:
		msg += " Anthropic's tokenizer is not public: every part is an estimate."
	default:
		msg += " The request is plain messages, which OpenAI's rules count exactly: check that the model named is the one billed."
	}
	if anthropic && len(suspects) > 0 {
		msg += " Anthropic's tokenizer is not public: every part is an estimate."
	}
	return []Finding{{Code: CodeCountOffBill, Severity: sev, Message: msg, Refs: refs}}
}

// billSuspects are the request's parts whose counting rule is inferred,
// largest first.
func billSuspects(in *Input, b *Bill) []gapSuspect {
	a := in.Assembly
	if a == nil {
		return nil
	}
	var out []gapSuspect
	if c, ok := a.Component(window.ComponentTools); ok && c.Used > 0 {
		words := "tool definitions"
		if b.ResponseFormat {
			words = "tool definitions and response_format"
		}
		out = append(out, gapSuspect{words, c.Used, ComponentRef(window.ComponentTools)})
	}
	tok := in.Pipeline.Tokenizer
	if tok == nil {
		return out
	}
	// Each message at its size in the count (the calls as OpenAI renders
	// them, when the request is counted as billed), so the shares are
	// parts of the count. A call after the query is a tool-results item.
	calls, results := 0, 0
	callsIn := window.ComponentHistory
	for i, m := range a.Messages {
		if len(m.ToolCalls) > 0 {
			calls += a.MessageSize(i, tok)
			number := i + 1
			if m.Sent != nil && m.Sent.Number > 0 {
				number = m.Sent.Number
			}
			if in.Numbers.Query > 0 && number > in.Numbers.Query {
				callsIn = window.ComponentToolResults
			}
		}
		if m.Role == "tool" {
			results += a.MessageSize(i, tok)
		}
	}
	if calls > 0 {
		out = append(out, gapSuspect{"assistant tool_calls", calls, ComponentRef(callsIn)})
	}
	if results > 0 {
		out = append(out, gapSuspect{"tool messages", results, ComponentRef(window.ComponentToolResults)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].tokens > out[j].tokens })
	return out
}

// sharePercent is part of whole as "34%", "<1%" for a sliver.
func sharePercent(part, whole int) string {
	if whole <= 0 {
		return "0%"
	}
	p := 100 * float64(part) / float64(whole)
	if p > 0 && p < 1 {
		return "<1%"
	}
	return fmt.Sprintf("%.0f%%", p)
}
