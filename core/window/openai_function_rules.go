package window

import (
	"strings"

	"ctxlab/core/tokens"
)

// Rules of the namespace rendering that depend on one function alone,
// each inferred from recorded requests (docs/internals/counting.md).

// commentedFunction says a function's block comments on both of its
// levels: it has a description, and a property (of the top level) with
// a title or description.
func commentedFunction(fn *jsonNode) bool {
	props := fn.get("parameters").get("properties")
	if props == nil || len(props.keys) == 0 || fn.get("description").text() == "" {
		return false
	}
	for _, p := range props.items {
		if p.get("title").text() != "" || p.get("description").text() != "" {
			return true
		}
	}
	return false
}

// discountedFunction says a function costs promptStrictDiscount tokens
// less than its text: one not commented at both levels, with parameters
// (any such function, for gpt-5).
func discountedFunction(fn *jsonNode, harmony bool) bool {
	if commentedFunction(fn) {
		return false
	}
	if harmony {
		return true
	}
	props := fn.get("parameters").get("properties")
	return props != nil && len(props.keys) > 0
}

// strictFunction says a function is sent with "strict": true.
func strictFunction(fn *jsonNode) bool {
	st := fn.get("strict")
	return st != nil && st.kind == 'v' && st.lit == "true"
}

// promptHeaderTokens is what a message's header costs as a text. A tool
// output's header, "functions.NAME", costs promptNamespaceTokens for the
// namespace and then its name counted on its own: the name never merges
// with the dot before it. With o200k_base "functions.calculator" is 3
// tokens of text and bills as 2 ("calculator" is one), and
// "functions.get_time" bills as its text (".get" is a token).
func promptHeaderTokens(tok tokens.Tokenizer, header string) int {
	if name, ok := strings.CutPrefix(header, "functions."); ok {
		return promptNamespaceTokens + tok.Count(name)
	}
	return tok.Count(header)
}

// promptNamespaceTokens is what "functions." costs in a tool output's
// header.
const promptNamespaceTokens = 1

// primingTokens is what priming the reply costs: 3 tokens (2 for
// reasoning models), and when a json_schema response format comes with
// no tools (not gpt-5) a recipient, " to=" and the format's name counted
// on its own, as a tool output's header counts its function's name;
// when tool_choice names a function, forcedTokens.
//
// A gpt-5 tool call after the last user message costs a token less than
// one in an earlier turn. That token is taken from the priming, so that
// each message costs what it costs in every request of a conversation
// (OpenAIBilled): the calls cost what they will once a user message
// follows.
func (p *openAIPrompt) primingTokens(tok tokens.Tokenizer) int {
	n := p.priming - p.currentTurnCalls*harmonyCurrentCallSaving
	if p.replyTo != "" {
		n += tok.Count(" to=") + tok.Count(p.replyTo)
	}
	return n + p.forcedTokens(tok)
}

// harmonyCurrentCallSaving is what a gpt-5 tool call after the last user
// message costs less than one before it.
const harmonyCurrentCallSaving = 1
