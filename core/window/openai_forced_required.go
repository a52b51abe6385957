package window

// requiredSingleFunction is the one function a Responses body offers
// when its tool_choice is "required" (not gpt-5): OpenAI primes the reply
// to that function as when tool_choice names it (forcedTokens). A chat
// body requiring its one function bills nothing more (5 recorded pairs
// on gpt-4o, gpt-4o-mini and gpt-3.5-turbo), nor does a Responses body
// requiring one of two (pydantic-ai's on gpt-4o), and gpt-5 models bill
// a forced function as "auto".
func requiredSingleFunction(body *jsonNode, fns []*jsonNode, harmony, responses bool) string {
	if !responses || harmony || len(fns) != 1 {
		return ""
	}
	if tc := body.get("tool_choice"); tc == nil || tc.kind != '"' || tc.str != "required" {
		return ""
	}
	return fns[0].get("name").text()
}
