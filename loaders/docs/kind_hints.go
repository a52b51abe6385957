package docs

import (
	"fmt"

	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// The two kinds of input are easy to swap: a captured request passed as
// documents, or a documents file passed as a request. When a file fails
// as one kind but reads as the other, the error says so and names the
// option it belongs to, instead of listing every format.

// requestNotDocuments describes v when it is a chat request body or a
// cassette of chat requests, for a documents loader that cannot read it.
func requestNotDocuments(v any) (string, bool) {
	if list := loaders.CassetteInteractions(v); len(list) > 0 {
		chats := 0
		for _, interaction := range list {
			if _, ok := loaders.ChatRequestBody(interaction); ok {
				chats++
			}
		}
		if chats == 0 {
			return "", false
		}
		return fmt.Sprintf("is a VCR cassette of chat requests (%s), not retrieval results; open it with --request", numfmt.Count(len(list), "interaction", "interactions")), true
	}
	obj, ok := loaders.AsMap(v)
	if !ok {
		return "", false
	}
	messages, ok := obj["messages"].([]any)
	if !ok {
		return "", false
	}
	what := numfmt.Count(len(messages), "message", "messages")
	if tools, ok := obj["tools"].([]any); ok {
		what += ", " + numfmt.Count(len(tools), "tool", "tools")
	}
	return fmt.Sprintf("is a chat request body (%s), not documents; open it with --request", what), true
}

// RequestHint returns the hint for a request loader given a file
// that holds documents: JSON Lines records with a content field, or a
// cassette whose responses are retrieval results.
func RequestHint(t loaders.Tree) string {
	if t.Syntax == loaders.SyntaxJSONL {
		if list, _ := t.Value.([]any); len(list) > 0 && isDocumentRecord(list[0]) {
			return "; they look like documents: pass them with --docs"
		}
		return ""
	}
	if list, _ := t.Value.([]any); len(list) > 0 && isChatMessage(list[0]) {
		return "; it looks like a chat history: pass it with --history, beside --docs"
	}
	if _, _, ok := cassetteResponse(t.Value, ""); ok {
		return "; its responses hold retrieval results: pass it with --docs"
	}
	return ""
}

// isDocumentRecord reports whether v is an object with a field a
// document's text goes in.
func isDocumentRecord(v any) bool {
	obj, ok := loaders.AsMap(v)
	if !ok {
		return false
	}
	for _, key := range []string{"content", "text", "page_content", "chunk_text"} {
		if _, ok := obj[key].(string); ok {
			return true
		}
	}
	return false
}

// isChatMessage reports whether v is an object with a role and content,
// as a chat history's messages are.
func isChatMessage(v any) bool {
	obj, ok := loaders.AsMap(v)
	if !ok {
		return false
	}
	_, hasRole := obj["role"].(string)
	_, hasContent := obj["content"]
	return hasRole && hasContent
}
