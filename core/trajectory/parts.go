package trajectory

// Parts is one request's input tokens by what holds them, in the order
// the request sends them; the fields add up to its InputTokens.
type Parts struct {
	// Fixed is what no message holds: the tools and the reply priming.
	Fixed int `json:"tools"`
	// System is the leading system messages, which no policy trims.
	System int `json:"system"`
	// Summary is compaction's summary message.
	Summary int `json:"summary"`
	// History is the messages before the last user message, and
	// ToolResults those after it (an agent loop's tool calls and their
	// outputs); Query is the last user message.
	History     int `json:"history"`
	Query       int `json:"query"`
	ToolResults int `json:"tool_results"`
	// Stubs are the stubs standing in for cleared tool results.
	Stubs int `json:"stubs"`
}

// Total is the request's input tokens.
func (p Parts) Total() int {
	return p.Fixed + p.System + p.Summary + p.History + p.Query + p.ToolResults + p.Stubs
}

// partsOf splits a request a policy made from turn's messages, its ids
// in order, by what holds each token.
func (t *Trajectory) partsOf(turn *Turn, pinned int, sent []int32) Parts {
	p := Parts{Fixed: turn.Fixed}
	last := -1
	for i := len(sent) - 1; i >= pinned; i-- {
		if t.synthetic[sent[i]] == 0 && t.msgs[sent[i]].Role == "user" {
			last = i
			break
		}
	}
	for i, id := range sent {
		n := t.tokens[id]
		switch {
		case i < pinned && t.synthetic[id] == 0:
			p.System += n
		case t.synthetic[id] == syntheticSummary:
			p.Summary += n
		case t.synthetic[id] == syntheticStub:
			p.Stubs += n
		case i == last:
			p.Query += n
		case last < 0 || i > last:
			p.ToolResults += n
		default:
			p.History += n
		}
	}
	return p
}
