package history

import (
	"strings"
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

func TestHistoryCorpus(t *testing.T) {
	t.Run("functionary {tools, messages}", func(t *testing.T) {
		path := loadertest.CorpusFile(t, "functionary-tool-chat/test_case.json")
		messages, err := Load(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(messages) != 21 {
			t.Fatalf("%d messages, want 21", len(messages))
		}
		if messages[0].Role != "user" || messages[0].Content != "who is the CEO of Meetkai" {
			t.Errorf("first message %+v", messages[0])
		}
		if messages[8].Role != "assistant" || messages[8].Content != "" {
			t.Errorf("tool-call message with null content: %+v", messages[8])
		}
		if messages[4].Role != "tool" {
			t.Errorf("tool result: %+v", messages[4])
		}
	})
	t.Run("anthropic request in a cassette", func(t *testing.T) {
		path := loadertest.CorpusFile(t, "pydantic-ai-llm-requests/test_multiple_parallel_tool_calls.yaml")
		messages, err := Load(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(messages) < 2 || messages[0].Role != "system" || messages[1].Role != "user" {
			t.Fatalf("messages: %q", messages)
		}
		if !strings.Contains(messages[1].Content, "Alice, Bob, Charlie and Daisy") {
			t.Errorf("user message: %q", messages[1].Content)
		}
	})
}
