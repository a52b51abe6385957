package history

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/value"
	"ctxlab/loaders/internal/loadertest"
)

func msgs(pairs ...string) []value.Message {
	var out []value.Message
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, value.Message{Role: pairs[i], Content: pairs[i+1]})
	}
	return out
}

func TestParseHistoryGood(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []value.Message
	}{
		{
			name:  "json array",
			input: `[{"role": "user", "content": "hi"}, {"role": "Assistant", "content": "hello\n  there "}]`,
			want:  msgs("user", "hi", "assistant", "hello\n  there "),
		},
		{
			name:  "jsonl",
			input: "{\"role\": \"system\", \"content\": \"be brief\"}\n{\"role\": \"USER\", \"content\": \"q\"}\n",
			want:  msgs("system", "be brief", "user", "q"),
		},
		{
			name:  "a lone message",
			input: `{"role": "user", "content": "only"}`,
			want:  msgs("user", "only"),
		},
		{
			name: "content parts",
			input: `[{"role": "user", "content": [
				{"type": "text", "text": "look at this"},
				{"type": "image_url", "image_url": {"url": "data:..."}},
				{"type": "text", "text": "and this"},
				"plain string part",
				{"type": "input_text", "text": "responses api"}
			]}]`,
			want: msgs("user", "look at this\nand this\nplain string part\nresponses api"),
		},
		{
			name:  "only non-text parts give empty content",
			input: `[{"role": "user", "content": [{"type": "image", "source": {}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "x"}]}]`,
			want:  msgs("user", "", "user", ""),
		},
		{
			name:  "null content and tool calls without content",
			input: `[{"role": "assistant", "content": null, "tool_calls": []}, {"role": "assistant", "tool_calls": [{"id": "c"}]}, {"role": "tool", "content": "42", "tool_call_id": "c"}]`,
			want:  msgs("assistant", "", "assistant", "", "tool", "42"),
		},
		{
			name:  "messages object with string system",
			input: `{"model": "m", "system": "You are terse.", "messages": [{"role": "user", "content": "hi"}]}`,
			want:  msgs("system", "You are terse.", "user", "hi"),
		},
		{
			name:  "messages object with system blocks",
			input: `{"system": [{"type": "text", "text": "a"}, {"type": "text", "text": "b", "cache_control": {}}], "messages": []}`,
			want:  msgs("system", "a\nb"),
		},
		{
			name:  "transcript",
			input: "System: be kind\nUser: hello\nthere\n\nAssistant:   hi!\n\n  indented continuation\n\n\nuser: bye\n",
			want:  msgs("system", "be kind", "user", "hello\nthere", "assistant", "hi!\n\n  indented continuation", "user", "bye"),
		},
		{
			name:  "transcript with CRLF, leading blank lines and a bare label",
			input: "\r\n\r\nUser:\r\n\r\nmulti\r\nline\r\nASSISTANT: ok\r\n",
			want:  msgs("user", "multi\nline", "assistant", "ok"),
		},
		{
			name:  "transcript of empty messages",
			input: "User:\nAssistant:",
			want:  msgs("user", "", "assistant", ""),
		},
		{
			name:  "yaml list",
			input: "- role: user\n  content: hi\n- role: assistant\n  content: |\n    multi\n    line\n",
			want:  msgs("user", "hi", "assistant", "multi\nline\n"),
		},
		{
			name: "cassette request body",
			input: `interactions:
- request:
    parsed_body:
      model: gpt-4o
      messages:
      - {role: system, content: sys}
      - {role: user, content: [{type: text, text: question}]}
  response: {parsed_body: {id: x}}
`,
			want: msgs("system", "sys", "user", "question"),
		},
		{
			name:  "yaml messages object",
			input: "model: claude\nsystem: terse\nmessages:\n- role: user\n  content:\n  - {type: text, text: a}\n  - {type: tool_result, tool_use_id: t, content: ignored}\n",
			want:  msgs("system", "terse", "user", "a"),
		},
		{
			name:  "empty list",
			input: "[]",
			want:  nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("chat", []byte(tt.input))
			if err != nil {
				t.Fatalf("ParseHistory: %v", err)
			}
			if len(got) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("messages differ\n got: %q\nwant: %q", got, tt.want)
			}
		})
	}
}

func TestParseHistoryBadInput(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"malformed json", "[{\"role\": \"user\",\n \"content\": \"hi\"", `chat.json: line 2, column 17: invalid JSON: input ends inside a value`},
		{"malformed jsonl", "{\"role\": \"user\", \"content\": \"a\"}\n{\"role\": user}\n", `chat.json: line 2, column 10: invalid JSON: invalid character 'u'`},
		{"missing role", `[{"role": "user", "content": "a"}, {"content": "b"}]`, `chat.json: record 2: missing "role"; expected "user", "assistant", "system" or "tool"`},
		{"unknown role", `[{"role": "user", "content": "a"}, {"role": "wizard", "content": "b"}]`, `chat.json: record 2: role "wizard"; expected user, assistant, system, developer, tool or function`},
		{"unknown role shown inert", "{\"role\": \"\\u001b[2Jwiz\", \"content\": \"b\"}\n", `chat.json: record 1: role "␛[2Jwiz"; expected user`},
		{"empty role", `[{"role": " ", "content": "b"}]`, `chat.json: record 1: "role" is the string " "; expected a non-empty string`},
		{"missing content", "{\"role\": \"user\", \"text\": \"b\"}\n{\"role\": \"user\"}\n", `chat.json: line 1: missing "content"; expected a string or a list of parts`},
		{"content a number", `[{"role": "user", "content": 3}]`, `chat.json: record 1: "content" is the number 3; expected a string or a list of parts`},
		{"text part not a string", `[{"role": "user", "content": [{"type": "text", "text": 5}]}]`, `chat.json: record 1: "content" part 1 "text" is the number 5; expected a string`},
		{"part not an object", `[{"role": "user", "content": [7]}]`, `chat.json: record 1: "content" part 1 is the number 7; expected an object {type, text}`},
		{"message not an object", `["hi"]`, `chat.json: record 1: is the string "hi"; expected a message {role, content}`},
		{"messages entry bad", `{"messages": [{"role": "user", "content": "a"}, {"role": 1, "content": "b"}]}`, `chat.json: record 2: "role" is the number 1`},
		{"system not text", `{"system": 5, "messages": []}`, `chat.json: "system" is the number 5; expected a string or a list of parts`},
		{"transcript junk first", "Hello there\nUser: hi\n", `chat.json: not a supported chat history; expected a JSON array`},
		{"unknown object", `{"conversation": []}`, `chat.json: not a supported chat history; expected`},
		{"empty", "", `chat.json: input is empty; expected chat messages`},
		{"invalid utf-8", "User: hi\nAssistant: \xe2\x82\n", `chat.json: line 2: invalid UTF-8 at byte offset 20 (byte 0xe2)`},
		{"yaml binary", "- role: user\n  content: !!binary /w==\n", `chat.json: a YAML value is not valid UTF-8`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("chat.json", []byte(tt.input))
			if err == nil {
				t.Fatalf("no error; got %q", got)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error\n got: %s\nwant prefix: %s", err, tt.want)
			}
			loadertest.AssertOneLineError(t, err)
		})
	}
}

func TestTranscriptLineErrors(t *testing.T) {
	// A transcript whose first labelled line is preceded only by blank
	// lines parses; text before any label is reported with its line.
	_, err := parseTranscript("chat.txt", "\n\nstray text\nUser: hi\n")
	if err == nil || err.Error() != `chat.txt: line 3: expected a line starting with "User:", "Assistant:" or "System:"` {
		t.Errorf("got %v", err)
	}
}

func TestLoadHistory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chat.txt")
	if err := os.WriteFile(path, []byte("User: hi\nAssistant: hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path, nil)
	if err != nil || !reflect.DeepEqual(got, msgs("user", "hi", "assistant", "hello")) {
		t.Errorf("file: %v %q", err, got)
	}
	got, err = Load("-", strings.NewReader(`[{"role": "user", "content": "stdin"}]`))
	if err != nil || !reflect.DeepEqual(got, msgs("user", "stdin")) {
		t.Errorf("stdin: %v %q", err, got)
	}
	if _, err := Load(dir, nil); err == nil || !strings.Contains(err.Error(), "is a directory; expected a chat history file") {
		t.Errorf("directory: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.json"), nil); err == nil || !strings.HasPrefix(err.Error(), "loading history: ") {
		t.Errorf("missing: %v", err)
	}
}

// TestParseHistoryYAMLSyntaxError: a file meant as YAML gets its syntax
// error alone; the list of supported shapes is for input of no known kind.
func TestParseHistoryYAMLSyntaxError(t *testing.T) {
	_, err := Parse("chat.yaml", []byte("- role: user\n  content: [hi\n"))
	if err == nil || err.Error() != "chat.yaml: line 1: invalid YAML: did not find expected ',' or ']'" {
		t.Errorf("got %v", err)
	}
	_, err = Parse("chat.txt", []byte("Note: this: that\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "chat.txt: not a supported chat history; expected") {
		t.Errorf("got %v", err)
	}
}
