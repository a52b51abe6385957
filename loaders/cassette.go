package loaders

// A VCR cassette's framing, shared by the document, request and history
// loaders: its interactions, the bodies a message carries, and which
// interaction is a chat request.

// CassetteInteractions returns a cassette's interactions, or nil when v is
// not a cassette.
func CassetteInteractions(v any) []map[string]any {
	obj, ok := AsMap(v)
	if !ok {
		return nil
	}
	list, ok := AsList(obj["interactions"])
	if !ok {
		return nil
	}
	var out []map[string]any
	for _, item := range list {
		if interaction, ok := AsMap(item); ok {
			out = append(out, interaction)
		}
	}
	return out
}

// CassetteBodies returns the decoded bodies a cassette request or response
// records, parsed_body first.
func CassetteBodies(message map[string]any) []any {
	var bodies []any
	if message == nil {
		return nil
	}
	if parsed, ok := message["parsed_body"]; ok && parsed != nil {
		bodies = append(bodies, parsed)
	}
	if body, ok := AsMap(message["body"]); ok {
		if text, ok := body["string"].(string); ok && LooksLikeJSON([]byte(text)) {
			if t, err := DecodeJSON("cassette body", []byte(text)); err == nil && t.Syntax == SyntaxJSON {
				bodies = append(bodies, t.Value)
			}
		}
	}
	return bodies
}

// ChatRequestBody returns an interaction's request body when it has a
// messages list, or is an OpenAI Responses API body: parsed_body first,
// then a JSON body.string.
func ChatRequestBody(interaction map[string]any) (map[string]any, bool) {
	request, _ := AsMap(interaction["request"])
	for _, candidate := range CassetteBodies(request) {
		if body, ok := AsMap(candidate); ok {
			if _, ok := AsList(body["messages"]); ok || IsResponsesBody(body) {
				return body, true
			}
		}
	}
	return nil, false
}

// IsResponsesBody reports whether body is an OpenAI Responses API request
// body: an "input" (text or a list of items) and no "messages".
func IsResponsesBody(body map[string]any) bool {
	if _, ok := body["messages"]; ok {
		return false
	}
	switch body["input"].(type) {
	case string, []any:
		return true
	}
	return false
}
