package window

import (
	"strings"

	"ctxlab/core/tokens"
)

// Rules of the namespace rendering that depend on one function alone,
// each inferred from recorded requests (docs/internals/counting.md).

// uncommentedFunction says a function costs promptStrictDiscount tokens
// less than its text: it has parameters, and either no description or no
// property (of the top level) with a title or description, so one of the
// two levels its block could comment on has no comment.
func uncommentedFunction(fn *jsonNode) bool {
	props := fn.get("parameters").get("properties")
	if props == nil || len(props.keys) == 0 {
		return false
	}
	if fn.get("description").text() == "" {
		return true
	}
	for _, p := range props.items {
		if p.get("title").text() != "" || p.get("description").text() != "" {
			return false
		}
	}
	return true
}

// strictFunction says a function is sent with "strict": true.
func strictFunction(fn *jsonNode) bool {
	st := fn.get("strict")
	return st != nil && st.kind == 'v' && st.lit == "true"
}

// renderedDefault says a property's default is written as a
// `// default:` comment: any default but null, and null too in a strict
// function.
func renderedDefault(def *jsonNode, strict bool) bool {
	if def == nil {
		return false
	}
	return strict || !(def.kind == 'v' && def.lit == "null")
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
// on its own, as a tool output's header counts its function's name.
func (p *openAIPrompt) primingTokens(tok tokens.Tokenizer) int {
	if p.replyTo == "" {
		return p.priming
	}
	return p.priming + tok.Count(" to=") + tok.Count(p.replyTo)
}
