package window

import (
	"strings"

	"ctxlab/core/tokens"
)

// billedOpenAI counts a measured OpenAI request as OpenAI bills it, from
// the body sent (Input.OpenAIBody), and puts the counts into the
// measured components: the system prompt, the tools (with the response
// format), the history, the query and the tool results each hold their
// messages' contents as rendered, and the framing holds the rest (3
// tokens a message, the headers, the reply priming). ok is false when
// the input holds no body, is counted for Anthropic, or is no longer
// the request the body is (a memory strategy or a step changed the
// history, the query was edited): the components then stand as counted
// from the input. b is the request rendered, for each message's count.
func billedOpenAI(in Input, parts map[string]*assembledComponent) (framing int, b *OpenAIBilled, ok bool) {
	b, ok = OpenAIBilledFor(in)
	if !ok {
		return 0, nil, false
	}
	counts := b.p.count(in.Tokenizer)
	for _, name := range []string{ComponentSystem, ComponentTools, ComponentHistory, ComponentQuery, ComponentToolResults} {
		c := parts[name]
		if c == nil {
			c = &assembledComponent{}
			parts[name] = c
		}
		n := counts.components[name]
		c.counted, c.rawTokens, c.keptTokens = true, n, n
		switch name {
		case ComponentHistory:
			c.itemTokens = counts.historyItems
		case ComponentToolResults:
			c.itemTokens = counts.resultItems
		case ComponentTools:
			c.inMessages = false
			if len(counts.toolItems) > 0 {
				c.itemTokens = counts.toolItems
			}
			c.note = "as OpenAI renders the functions and response format into the prompt (a TypeScript-like namespace), not as the JSON sent"
		}
	}
	return counts.framing, b, true
}

// OpenAIBilledFor is a measured input's request rendered as OpenAI bills
// it, when Assemble counts the input so: ok is false in the cases
// billedOpenAI gives for counting the input as its components hold it.
func OpenAIBilledFor(in Input) (b *OpenAIBilled, ok bool) {
	if in.OpenAIBody == "" {
		return nil, false
	}
	if spec, known := tokens.LookupModel(in.Model); known && spec.Provider == tokens.ProviderAnthropic {
		return nil, false
	}
	body, err := parseOrderedJSON(in.OpenAIBody)
	if err != nil {
		return nil, false
	}
	b, ok = renderBilled(body, in.Model, in.OpenAIResponses)
	if !ok || !sameRequest(in, body) {
		return nil, false
	}
	return b, true
}

// sameRequest reports whether the input is still the request body:
// as many history messages and tool results, and the same query.
func sameRequest(in Input, body *jsonNode) bool {
	msgs := body.get("messages").items
	query := -1
	for i, m := range msgs {
		if strings.EqualFold(strings.TrimSpace(m.get("role").text()), "user") {
			query = i
		}
	}
	history, results, queryText := 0, 0, ""
	for i, m := range msgs {
		role := strings.ToLower(strings.TrimSpace(m.get("role").text()))
		switch {
		case role == "system" || role == "developer":
		case i < query:
			history++
		case i == query:
			if c := m.get("content"); c != nil && c.kind == '"' {
				queryText = c.str
			} else {
				queryText = in.UserQuery // parts: not compared
			}
		default:
			results++
		}
	}
	return history == len(in.History) && results == len(in.ToolResults) && queryText == in.UserQuery && in.RetrievedContext == ""
}
