package request

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"ctxlab/core/window"
	"ctxlab/loaders/internal/loadertest"
)

var requestSeeds = []string{
	`{"model": "gpt-4o", "messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "q"}]}`,
	`{"messages": [{"role": "user", "content": [{"type": "text", "text": "q"}, {"type": "image_url"}]}, {"role": "assistant", "tool_calls": [{"function": {"name": "f"}}]}, {"role": "tool", "content": "r"}]}`,
	`{"model": "claude-3-5-haiku", "system": [{"type": "text", "text": "s"}], "max_tokens": 10, "tools": [{"name": "t", "input_schema": {}}], "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": [{"type": "tool_use", "id": "a", "name": "t", "input": {}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "a", "content": [{"type": "text", "text": "r"}]}]}]}`,
	"interactions:\n- request: {parsed_body: {model: gpt-4o, messages: [{role: user, content: q}]}}\n",
	"interactions:\n- request: {body: {string: '{\"messages\": [{\"role\": \"user\", \"content\": \"q\"}]}'}}\n",
	`{"model": "gpt-4", "max_tokens": 9000, "messages": [{"role": "user", "content": "q"}]}`,
	`{"messages": [{"role": "assistant", "function_call": {"name": "f"}}, {"role": "function", "name": "f", "content": null}, {"role": "user", "content": ""}]}`,
	"model: x\nmessages:\n- role: user\n  content: .nan\n",
	"a: &x [*x]\n",
	"[]",
}

// FuzzParseRequest checks that no input panics, that every error is a
// one-line *Error, and that every scenario is usable: settings validate,
// tools and tool calls are JSON, and text is UTF-8.
func FuzzParseRequest(f *testing.F) {
	for _, seed := range requestSeeds {
		f.Add([]byte(seed), uint8(0))
	}
	for _, rel := range []string{hitlCassette, anthropicCassette, functionaryFile} {
		data, err := os.ReadFile(filepath.Join(loadertest.CorpusDir, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(2))
	}
	f.Fuzz(func(t *testing.T, data []byte, interaction uint8) {
		sc, err := Parse("fuzz", data, Options{Interaction: int(interaction % 4)})
		if err != nil {
			loadertest.CheckFuzzError(t, err)
			return
		}
		if err := sc.Settings.Validate(); err != nil {
			t.Errorf("settings do not validate: %v", err)
		}
		// A reserve as large as the window is opened: the evaluation
		// reports it as the overflow's cause.
		if sc.Settings.Mode != window.MeasureOnly || sc.Settings.Budget.ValidateWindow() != nil {
			t.Errorf("mode %s, budget %+v", sc.Settings.Mode, sc.Settings.Budget)
		}
		for i, tool := range sc.Tools {
			if !json.Valid(tool) {
				t.Errorf("tool %d is not JSON: %s", i+1, tool)
			}
		}
		for i, r := range sc.ToolResults {
			if len(r.ToolCalls) > 0 && !json.Valid(r.ToolCalls) {
				t.Errorf("tool result %d: tool_calls is not JSON: %s", i+1, r.ToolCalls)
			}
			if !utf8.ValidString(r.Content) {
				t.Errorf("tool result %d is not UTF-8", i+1)
			}
		}
		for i, m := range sc.History {
			if !utf8.ValidString(m.Content) {
				t.Errorf("history message %d is not UTF-8", i+1)
			}
		}
		if !utf8.ValidString(sc.Settings.Query) || !utf8.ValidString(sc.SystemPrompt) {
			t.Error("query or system prompt is not UTF-8")
		}
	})
}
