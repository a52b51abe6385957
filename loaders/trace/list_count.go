package trace

import (
	"bytes"
	"strings"
	"sync"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/loaders/request"
)

// spanCounter counts a listed span's request without opening it: the
// full path (SpanScenario, then core.Evaluate) writes the request as
// JSON, imports it with the request loader, builds a scenario and
// assembles it, and most of that work is the import and the assembly's
// reports, none of which a listing shows. The count itself is the
// request's body rendered as OpenAI bills it (window.RenderOpenAIBilled),
// which is what the assembly counts a request opened from the same body
// by: its fixed tokens (tools, reply priming) plus each message's. The
// overflow mark is the model's window less the reply reserve, as
// window.Assemble decides it.
//
// What the request loader decides from the model and the tools (the
// tokenizer, the window, the reserve, the provider, a tool it refuses)
// is not decided again here: it is asked once per model and set of tools
// with a request of one empty user message (a probe), and that answer is
// kept for the listing. A span the direct count cannot be exact for is
// counted on the full path (count's ok is false): see count.
type spanCounter struct {
	path string
	opts request.Options

	mu     sync.Mutex
	probes map[probeKey]*probe
}

// maxProbes bounds the probes a listing keeps: a file whose every span
// has tools of its own probes each span's tools once and keeps none
// beyond this.
const maxProbes = 1024

type probeKey struct {
	model, tools string
}

// probe is what the request loader made of a model and a set of tools.
type probe struct {
	// ok is false when the direct count cannot stand for the full
	// path's for requests of this model and tools.
	ok     bool
	model  string
	tok    tokens.Tokenizer
	budget window.ContextBudget

	mu sync.Mutex
	// fixed are the fixed tokens (window.OpenAIBilled.FixedTokens) of
	// requests of these tools, by the leading system message they join.
	fixed map[string]int
}

// fixedTokens are the fixed tokens of req's body: its tools and the
// reply priming, with what the tools add to its first lead messages
// (none or a leading system message). ok is false when the body with
// the tools is not counted as billed (a tool that is no function).
func (p *probe) fixedTokens(req *Request, lead int) (n int, ok bool) {
	key := ""
	if lead > 0 {
		m := req.Messages[0]
		key = m.Role + "\x00" + m.Name + "\x00" + m.Content
	}
	p.mu.Lock()
	n, ok = p.fixed[key]
	p.mu.Unlock()
	if ok {
		return n, true
	}
	body, err := (&Request{Model: req.Model, Tools: req.Tools, Messages: req.Messages[:lead], Content: true}).Body()
	if err != nil {
		return 0, false
	}
	b, rendered := window.RenderOpenAIBilled(string(body), p.model, false)
	if !rendered {
		return 0, false
	}
	n = b.FixedTokens(tokens.NewMemo(p.tok))
	p.mu.Lock()
	if p.fixed == nil {
		p.fixed = map[string]int{}
	}
	if len(p.fixed) < maxProbes {
		p.fixed[key] = n
	}
	p.mu.Unlock()
	return n, true
}

func newSpanCounter(path string, opts request.Options) *spanCounter {
	return &spanCounter{path: path, opts: opts, probes: map[probeKey]*probe{}}
}

// count is the span's request's count as sent and whether it overflows,
// exactly as SpanScenario and measure give them; ok is false when this
// span must be counted on the full path.
func (c *spanCounter) count(req *Request) (n int, overflows, ok bool) {
	if c == nil || !req.Content || len(req.Messages) == 0 {
		// No request (usage only), or one the loader refuses with a
		// message the listing shows: the full path says it.
		return 0, false, false
	}
	for _, m := range req.Messages {
		role := m.Role
		if role == "" {
			role = "user" // as Body writes it
		}
		if !request.OpenAIMessageRoles[strings.ToLower(strings.TrimSpace(role))] {
			// The loader refuses the role: the full path's note says so.
			return 0, false, false
		}
	}
	p := c.probe(req)
	if !p.ok {
		return 0, false, false
	}
	// The tools and the reply priming (with what the tools add to a
	// leading system message they join) are the same for every span of
	// a service: counted once for each system message they join. Each
	// message costs the same with the tools or without them
	// (window.OpenAIBilled), so the messages are rendered without them.
	lead := 0
	if r := strings.ToLower(strings.TrimSpace(req.Messages[0].Role)); r == "system" || r == "developer" {
		lead = 1
	}
	fixed, ok := p.fixedTokens(req, lead)
	if !ok {
		return 0, false, false
	}
	body, err := (&Request{Model: req.Model, Messages: req.Messages, Content: true}).Body()
	if err != nil {
		return 0, false, false
	}
	b, rendered := window.RenderOpenAIBilled(string(body), p.model, false)
	if !rendered || b.Len() != len(req.Messages) {
		return 0, false, false
	}
	// A memo per span, as an assembly has.
	tok := tokens.NewMemo(p.tok)
	n = fixed
	for i := range b.Len() {
		n += b.MessageTokens(i, tok)
	}
	overflows = p.budget.ValidateReserve() != nil || n > p.budget.MaxInput()
	return n, overflows, true
}

// probe is the request loader's answer for req's model and tools, asked
// once and kept.
func (c *spanCounter) probe(req *Request) *probe {
	var tools bytes.Buffer
	for _, t := range req.Tools {
		tools.Write(t)
		tools.WriteByte(0)
	}
	key := probeKey{model: req.Model, tools: tools.String()}
	c.mu.Lock()
	p, seen := c.probes[key]
	c.mu.Unlock()
	if seen {
		return p
	}
	p = c.ask(req)
	c.mu.Lock()
	if len(c.probes) < maxProbes {
		c.probes[key] = p
	}
	c.mu.Unlock()
	return p
}

// ask opens a request of req's model and tools and one empty user
// message on the full path, and keeps what the count needs of it.
func (c *spanCounter) ask(req *Request) *probe {
	for _, t := range req.Tools {
		if bytes.Contains(t, []byte(`"input_schema"`)) {
			// A sign of Anthropic's shape: the loader may read the
			// whole body as an Anthropic request.
			return &probe{}
		}
	}
	one := &Request{SpanID: req.SpanID, Model: req.Model, Tools: req.Tools, Content: true, Messages: []Message{{Role: "user"}}}
	sc, err := SpanScenario(c.path, one, c.opts)
	if err != nil {
		// The tools or the model are refused: every span of them is
		// told why on the full path.
		return &probe{}
	}
	s := sc.Settings
	if sc.Provider == tokens.ProviderAnthropic || s.Mode != window.MeasureOnly || sc.OpenAIResponses {
		// Anthropic requests are estimates counted from the
		// components, not rendered as OpenAI bills them.
		return &probe{}
	}
	for _, model := range []string{req.Model, s.Model} {
		if spec, known := tokens.LookupModel(model); known && spec.Provider == tokens.ProviderAnthropic {
			return &probe{}
		}
	}
	return &probe{ok: true, model: s.Model, tok: s.Pipeline.Tokenizer, budget: s.Budget}
}
