package loaders

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var docSeeds = []string{
	`{"content": "a", "score": 0.5, "source": "s", "metadata": {"k": [1, 2.5, null, true]}}` + "\n" + `{"text": "b"}`,
	`[{"page_content": "x", "id": 7}, {"content": "y", "source": ""}]`,
	`[[{"page_content": "x", "metadata": {"source": "s"}}, 0.1]]`,
	`[{"node": {"id_": "n", "text": "t", "metadata": {}}, "score": null}]`,
	`{"ids": [["a"]], "documents": [["d"]], "distances": [[0.2]], "metadatas": [[null]]}`,
	`{"matches": [{"id": "m", "score": 0.3, "metadata": {"text": "t"}}]}`,
	`{"result": [{"id": 1, "score": 0.3, "payload": {"page_content": "t", "metadata": {"source": "x"}}}]}`,
	`{"results": [{"url": "u", "title": "t", "content": "c", "score": 0.9, "raw_content": null}]}`,
	"content,score,source,extra\n\"q,uoted\",0.5,s,e\nplain,,,\n",
	"- content: a\n  score: .nan\n- text: b\n  metadata: {x: .inf}\n",
	"interactions:\n- response:\n    parsed_body:\n      results:\n      - {url: u, content: c, score: 1}\n",
	"interactions:\n- response: {body: {string: '[{\"content\": \"z\"}]'}}\n",
	"[{\"content\": \"a\", \"score\": 1e999}]",
	"Some prose.\n\nAnother paragraph.\n",
	"\xEF\xBB\xBF[]",
	"a: &x {content: q}\nb: *x\n",
	"- &m {source: s}\n- {content: c, metadata: *m}\n",
}

func FuzzParseDocuments(f *testing.F) {
	for i, seed := range docSeeds {
		f.Add([]byte(seed), uint8(i))
	}
	for _, path := range []string{
		filepath.Join(corpusDir, "pydantic-ai-tavily-retrieval", "test_basic_search.yaml"),
		filepath.Join(corpusDir, "pydantic-ai-tavily-retrieval", "test_search_with_include_domains.yaml"),
		filepath.Join(sampleDir, "docs", "sla_chunks.jsonl"),
		filepath.Join(sampleDir, "eval", "corpus.jsonl"),
	} {
		addFileSeed(f, path, uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, formatIndex uint8) {
		format := DocumentFormats[int(formatIndex)%len(DocumentFormats)]
		docs, detected, err := ParseDocuments("fuzz", data, format)
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		if !slices.Contains(DocumentFormats, detected) || detected == FormatAuto {
			t.Errorf("detected format %q is not a concrete format", detected)
		}
		for i, d := range docs {
			if !utf8.ValidString(d.Content) {
				t.Errorf("document %d: content is not valid UTF-8: %q", i, d.Content)
			}
			if !utf8.ValidString(d.Source) {
				t.Errorf("document %d: source is not valid UTF-8: %q", i, d.Source)
			}
			if math.IsNaN(d.Score) || math.IsInf(d.Score, 0) {
				t.Errorf("document %d: score %v is not finite", i, d.Score)
			}
			if d.Metadata == nil {
				t.Errorf("document %d: nil metadata", i)
			}
		}
		if _, err := json.Marshal(docs); err != nil {
			t.Errorf("documents do not marshal to JSON: %v", err)
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

func FuzzParseHistory(f *testing.F) {
	for _, seed := range historySeeds {
		f.Add([]byte(seed))
	}
	for _, path := range []string{
		filepath.Join(sampleDir, "history", "support_chat.json"),
		filepath.Join(sampleDir, "history", "code_review_chat.json"),
		filepath.Join(corpusDir, "pydantic-ai-llm-requests", "test_multiple_parallel_tool_calls.yaml"),
	} {
		addFileSeed(f, path)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		messages, err := ParseHistory("fuzz", data)
		if err != nil {
			checkFuzzError(t, err)
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

// addFileSeed adds a real file's bytes, followed by the target's other
// arguments, as a seed.
func addFileSeed(f *testing.F, path string, args ...any) {
	f.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(append([]any{data}, args...)...)
}

// checkFuzzError holds every error to the loader contract: a *Error that
// prints as one line without control characters.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	var loadErr *Error
	if !errors.As(err, &loadErr) {
		t.Errorf("error is a %T, not *Error: %v", err, err)
	}
	msg := err.Error()
	if !utf8.ValidString(msg) {
		t.Errorf("error is not valid UTF-8: %q", msg)
	}
	for _, r := range msg {
		if isControl(r) {
			t.Errorf("error contains control character %U: %q", r, msg)
			break
		}
	}
}
