package request

import (
	"encoding/json"

	"ctxlab/core"
	"ctxlab/core/tokens"
)

// withOpenAIBody keeps an OpenAI request's body on its scenario, so a
// measured assembly counts it as OpenAI renders it (see
// window.Input.OpenAIBody): the file itself when it is the bare JSON
// body, else the body (or the Chat Completions body a Responses API
// body was read as) written as JSON.
func withOpenAIBody(sc *core.Scenario, req *chatRequest, pick requestBody, data []byte, bareJSON bool) {
	if sc == nil || req.provider != tokens.ProviderOpenAI {
		return
	}
	sc.OpenAIResponses = pick.converted != nil
	if bareJSON {
		sc.OpenAIBody = string(data)
		return
	}
	if b, err := json.Marshal(pick.body); err == nil {
		sc.OpenAIBody = string(b)
	}
}
