package window

import "ctxlab/core/tokens"

// promptForcedExtra is what a tool_choice naming a function costs beyond
// " to=functions.NAME": the reply is primed to that function.
const promptForcedExtra = 4

// forcedFunction is the function a Chat Completions body's tool_choice
// names ({"type": "function", "function": {"name": ...}}) among the
// functions it offers, "" for any other choice. gpt-5 models (harmony)
// bill a named function as they bill "auto", and no Responses recording
// names one on another model: both are "".
func forcedFunction(body *jsonNode, fns []*jsonNode, harmony, responses bool) string {
	tc := body.get("tool_choice")
	if harmony || responses || len(fns) == 0 || tc == nil || tc.kind != '{' || tc.get("type").text() != "function" {
		return ""
	}
	return tc.get("function").get("name").text()
}

// forcedTokens is what priming the reply to the forced function costs:
// " to=functions.NAME" counted as one text, and promptForcedExtra.
func (p *openAIPrompt) forcedTokens(tok tokens.Tokenizer) int {
	if p.forced == "" {
		return 0
	}
	return tok.Count(" to=functions."+p.forced) + promptForcedExtra
}
