package history

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"ctxlab/loaders/internal/loadertest"
)

func FuzzParseHistory(f *testing.F) {
	for _, seed := range historySeeds {
		f.Add([]byte(seed))
	}
	for _, path := range []string{
		filepath.Join(loadertest.SampleDir, "history", "support_chat.json"),
		filepath.Join(loadertest.SampleDir, "history", "code_review_chat.json"),
		filepath.Join(loadertest.CorpusDir, "pydantic-ai-llm-requests", "test_multiple_parallel_tool_calls.yaml"),
	} {
		loadertest.AddFileSeed(f, path)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		messages, err := Parse("fuzz", data)
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		for i, m := range messages {
			if m.Role == "" || m.Role != strings.ToLower(m.Role) || !utf8.ValidString(m.Role) {
				t.Errorf("message %d: role %q is not a lowercased non-empty string", i, m.Role)
			}
			if !utf8.ValidString(m.Content) {
				t.Errorf("message %d: content is not valid UTF-8: %q", i, m.Content)
			}
		}
	})
}

var historySeeds = []string{
	`[{"role": "user", "content": "hi"}, {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "image"}]}]`,
	"{\"role\": \"user\", \"content\": null, \"tool_calls\": []}\n{\"role\": \"tool\", \"content\": \"x\"}\n",
	`{"system": [{"type": "text", "text": "s"}], "messages": [{"role": "user", "content": "q"}]}`,
	"System: s\nUser: hello\nmore\n\nAssistant: hi\r\n",
	"- role: user\n  content: hi\n",
	"interactions:\n- request: {parsed_body: {messages: [{role: user, content: x}]}}\n",
	"user:",
}
