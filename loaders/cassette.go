package loaders

// A VCR cassette's framing, shared by the document, request and history
// loaders: its interactions, the bodies a message carries, and which
// interaction is a chat request.

// cassetteInteractions returns a cassette's interactions, or nil when v is
// not a cassette.
func cassetteInteractions(v any) []map[string]any {
	obj, ok := asMap(v)
	if !ok {
		return nil
	}
	list, ok := asList(obj["interactions"])
	if !ok {
		return nil
	}
	var out []map[string]any
	for _, item := range list {
		if interaction, ok := asMap(item); ok {
			out = append(out, interaction)
		}
	}
	return out
}

// cassetteBodies returns the decoded bodies a cassette request or response
// records, parsed_body first.
func cassetteBodies(message map[string]any) []any {
	var bodies []any
	if message == nil {
		return nil
	}
	if parsed, ok := message["parsed_body"]; ok && parsed != nil {
		bodies = append(bodies, parsed)
	}
	if body, ok := asMap(message["body"]); ok {
		if text, ok := body["string"].(string); ok && looksLikeJSON([]byte(text)) {
			if t, err := decodeJSON("cassette body", []byte(text)); err == nil && t.syntax == syntaxJSON {
				bodies = append(bodies, t.value)
			}
		}
	}
	return bodies
}

// chatRequestBody returns an interaction's request body when it has a
// messages list: parsed_body first, then a JSON body.string.
func chatRequestBody(interaction map[string]any) (map[string]any, bool) {
	request, _ := asMap(interaction["request"])
	for _, candidate := range cassetteBodies(request) {
		if body, ok := asMap(candidate); ok {
			if _, ok := asList(body["messages"]); ok {
				return body, true
			}
		}
	}
	return nil, false
}
