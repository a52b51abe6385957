package loaders_test

import (
	"strings"
	"testing"

	"ctxlab/loaders/docs"
	"ctxlab/loaders/request"
)

// TestSwappedInputKindsNameTheRightOption: a request given as documents,
// or documents, a history or a retrieval cassette given as a request, is
// refused with the option it belongs to.
func TestSwappedInputKindsNameTheRightOption(t *testing.T) {
	chatRequest := `{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "tools": [{"type": "function", "function": {"name": "f"}}]}`
	chatCassette := "interactions:\n- request:\n    parsed_body:\n      model: gpt-4o\n      messages:\n      - role: user\n        content: hi\n  response:\n    parsed_body:\n      choices: []\n"
	retrievalCassette := "interactions:\n- request:\n    parsed_body:\n      query: tents\n  response:\n    parsed_body:\n      results:\n      - url: https://example.com/a\n        title: A\n        content: tents are good\n        score: 0.9\n"
	documents := "{\"content\": \"one\", \"score\": 0.5}\n{\"content\": \"two\", \"score\": 0.4}\n"
	history := `[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]`

	for _, c := range []struct {
		name, data, want string
	}{
		{"request.json", chatRequest, "is a chat request body (1 message, 1 tool), not documents; open it with --request"},
		{"chat.yaml", chatCassette, "is a VCR cassette of chat requests (1 interaction), not retrieval results; open it with --request"},
	} {
		_, _, err := docs.Parse(c.name, []byte(c.data), docs.FormatAuto)
		if err == nil || err.Error() != c.name+": "+c.want {
			t.Errorf("documents from %s: %v; want %q", c.name, err, c.want)
		}
	}
	for _, c := range []struct {
		name, data, want string
	}{
		{"docs.jsonl", documents, "; they look like documents: pass them with --docs"},
		{"history.json", history, "; it looks like a chat history: pass it with --history, beside --docs"},
		{"search.yaml", retrievalCassette, "; its responses hold retrieval results: pass it with --docs"},
	} {
		_, err := request.Parse(c.name, []byte(c.data), request.Options{})
		if err == nil || !strings.HasSuffix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("request from %s: %v; want one line ending %q", c.name, err, c.want)
		}
	}
	// A real request still loads, and real documents still do.
	if _, err := request.Parse("request.json", []byte(chatRequest), request.Options{}); err != nil {
		t.Errorf("a chat request: %v", err)
	}
	if docs, _, err := docs.Parse("search.yaml", []byte(retrievalCassette), docs.FormatAuto); err != nil || len(docs) != 1 {
		t.Errorf("a retrieval cassette: %d documents, %v", len(docs), err)
	}
}
