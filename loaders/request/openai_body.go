package request

import (
	"encoding/json"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
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
	body := pick.body
	if len(pick.storedCalls) > 0 {
		body = make(map[string]any, len(pick.body)+1)
		for k, v := range pick.body {
			body[k] = v
		}
		body[window.ResponsesStoredCallsKey] = pick.storedCalls
	}
	if b, err := json.Marshal(body); err == nil {
		sc.OpenAIBody = string(b)
	}
}

// responsesStoredCalls are the call ids of a Responses body's
// function_call items that carry the id of the output item they replay
// (an "fc_..." id, as openai-agents sends its history back): OpenAI
// bills such a call more than one sent by its content alone.
func responsesStoredCalls(body map[string]any) []any {
	var ids []any
	for _, v := range listOf(body["input"]) {
		item, ok := v.(map[string]any)
		if !ok || item["type"] != "function_call" {
			continue
		}
		id, _ := item["id"].(string)
		call, _ := item["call_id"].(string)
		if id != "" && call != "" {
			ids = append(ids, call)
		}
	}
	return ids
}
