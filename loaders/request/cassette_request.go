package request

import (
	"fmt"
	"strconv"
	"strings"

	"ctxlab/core/metrics"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// requestBody is the request body taken from the input: the whole input,
// or one interaction of a VCR cassette.
type requestBody struct {
	body map[string]any
	// interaction is the 1-based interaction the body came from, 0 when
	// the input is a bare body; total is the cassette's interaction count.
	interaction, total int
	// usage is what the provider counted, from the interaction's recorded
	// response; nil when none was recorded.
	usage *metrics.RecordedUsage
	// usageProblem says why a recorded usage could not be used.
	usageProblem string
	// converted is the Chat Completions body a Responses API body was
	// read as (body is then that converted body too); nil otherwise.
	converted map[string]any
	// storedCalls are the call ids of the Responses body's function_call
	// items replayed with their output item id (window.ResponsesStoredCallsKey).
	storedCalls []any
}

// withUsage adds the recorded usage of the interaction the body came from,
// unless the body was edited after it was sent (editedBodyProblem).
func (r requestBody) withUsage(interaction map[string]any) requestBody {
	u, ok, problem := recordedUsage(interaction)
	if ok {
		if edited := editedBodyProblem(interaction, u.InputTokens); edited != "" {
			ok, problem = false, edited
		}
	}
	if ok {
		r.usage = &u
	}
	r.usageProblem = problem
	return r
}

// pickRequestBody finds the request body in a decoded input. A cassette's
// interactions are numbered from 1 as they appear in the file; selector 0
// takes the first whose request is a chat request, because cassettes
// often open with a call that is not (an auth or a model-list request).
func pickRequestBody(name string, v any, selector int) (requestBody, error) {
	list := loaders.CassetteInteractions(v)
	if len(list) == 0 {
		obj, ok := loaders.AsMap(v)
		if !ok {
			return requestBody{}, &loaders.Error{Name: name, Msg: fmt.Sprintf("is %s; expected %s", loaders.Describe(v), SupportedShapes)}
		}
		if _, isCassette := obj["interactions"]; isCassette {
			return requestBody{}, &loaders.Error{Name: name, Msg: "is a VCR cassette with no interactions; expected interactions[].request.parsed_body"}
		}
		if selector > 0 {
			return requestBody{}, &loaders.Error{Name: name, Msg: fmt.Sprintf("interaction %s was asked for, but this is a single request body, not a VCR cassette", numfmt.Thousands(selector))}
		}
		if _, ok := obj["messages"]; !ok && !loaders.IsResponsesBody(obj) {
			return requestBody{}, &loaders.Error{Name: name, Msg: `no "messages"; expected ` + SupportedShapes}
		}
		return requestBody{body: obj}, nil
	}

	total := len(list)
	if selector > total {
		return requestBody{}, &loaders.Error{Name: name, Msg: fmt.Sprintf("interaction %s is out of range: the cassette has %s (1 to %s)", numfmt.Thousands(selector), numfmt.Count(total, "interaction", "interactions"), numfmt.Thousands(total))}
	}
	if selector > 0 {
		body, ok := loaders.ChatRequestBody(list[selector-1])
		if !ok {
			return requestBody{}, &loaders.Error{Name: name, Msg: fmt.Sprintf("interaction %s's request is not a chat request (no request.parsed_body with messages)%s",
				numfmt.Thousands(selector), chatInteractionsHint(list))}
		}
		return requestBody{body: body, interaction: selector, total: total}.withUsage(list[selector-1]), nil
	}
	for i, interaction := range list {
		if body, ok := loaders.ChatRequestBody(interaction); ok {
			return requestBody{body: body, interaction: i + 1, total: total}.withUsage(interaction), nil
		}
	}
	return requestBody{}, &loaders.Error{Name: name, Msg: fmt.Sprintf("is a VCR cassette with %s, none with a chat request (request.parsed_body with messages)", numfmt.Count(total, "interaction", "interactions"))}
}

// chatInteractionsHint lists the interactions that do hold chat requests,
// so the user can pick one.
func chatInteractionsHint(list []map[string]any) string {
	var numbers []string
	for i, interaction := range list {
		if _, ok := loaders.ChatRequestBody(interaction); ok {
			numbers = append(numbers, strconv.Itoa(i+1))
		}
	}
	if len(numbers) == 0 {
		return "; no interaction of this cassette holds one"
	}
	return "; chat requests are in interaction " + strings.Join(numbers, ", ")
}
