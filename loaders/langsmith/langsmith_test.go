package langsmith

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/usage"
	"ctxlab/loaders"
	"ctxlab/loaders/request"
	"ctxlab/loaders/trace"
)

const (
	runsFile     = "testdata/runs.jsonl"
	runFile      = "testdata/run.json"
	recordedFile = "../trace/testdata/gen/recorded.json"
)

func TestSniff(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		head string
		want bool
	}{
		{`{"id":"r1","name":"ChatOpenAI","run_type":"llm","trace_id":"r1","start_time":"2026-01-01T00:00:00Z"}`, true},
		{"[\n  {\"id\": \"r1\", \"run_type\": \"llm\"}\n]", true},
		{`{"resourceSpans": [{"attributes": [{"key": "run_type"}]}]}`, false},
		{`{"observations": [{"id": "o1", "run_type": "x"}]}`, false},
		{`{"id":"o1","trace_id":"t1","start_time":"2026-01-01 00:00:00"}`, false},
		{`{"id":"o1","trace_id":"t1","start_time":"2026-01-01 00:00:00","input":"{\"run_type\": \"llm\"}"}`, false},
		{`{"id":"r1","inputs":{"observations":[]},"run_type":"llm"}`, true},
	} {
		if got := Sniff([]byte(tc.head)); got != tc.want {
			t.Errorf("Sniff(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		run                          string
		input, output, cached, write int
		conv                         usage.Convention
		field                        string
	}{
		// LangChain's usage metadata: input_tokens is the whole prompt,
		// its cache reads and writes itemized beside, not added.
		{`{"outputs": {"usage_metadata": {"input_tokens": 1200, "output_tokens": 9, "input_token_details": {"cache_read": 1024}}}}`, 1200, 9, 1024, 0, usage.LangChain, "usage_metadata.input_tokens"},
		{`{"outputs": {"usage_metadata": {"input_tokens": 1532, "output_tokens": 9, "input_token_details": {"cache_read": 1111, "cache_creation": 418}}}}`, 1532, 9, 1111, 418, usage.LangChain, "usage_metadata.input_tokens"},
		{`{"prompt_tokens": 71, "completion_tokens": 46, "outputs": {}}`, 71, 46, 0, 0, usage.LangChain, "prompt_tokens"},
		{`{"outputs": {"llm_output": {"token_usage": {"prompt_tokens": 30, "completion_tokens": 2}}}}`, 30, 2, 0, 0, usage.OpenAI, "outputs.llm_output.token_usage.prompt_tokens"},
		{`{"outputs": {"usage": {"prompt_tokens": 50, "completion_tokens": 5, "prompt_tokens_details": {"cached_tokens": 20}}}}`, 50, 5, 20, 0, usage.OpenAI, "outputs.usage.prompt_tokens"},
	} {
		var r run
		if err := json.Unmarshal([]byte(tc.run), &r); err != nil {
			t.Fatal(err)
		}
		u := usageOf(&r)
		if u == nil {
			t.Errorf("%s: no usage", tc.run)
			continue
		}
		if b := u.Billed(); b.InputTokens != tc.input || b.OutputTokens != tc.output || b.CachedTokens != tc.cached ||
			b.CacheWriteTokens != tc.write || b.Convention != tc.conv || u.Field != tc.field {
			t.Errorf("%s: billed %+v; want input %d output %d cached %d written %d under %s, field %q",
				tc.run, b, tc.input, tc.output, tc.cached, tc.write, tc.conv, tc.field)
		}
	}
}

// LangChain's message shapes become the same chat messages.
func TestLangChainMessages(t *testing.T) {
	t.Parallel()
	var v any
	json.Unmarshal([]byte(`[[
		{"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "SystemMessage"], "kwargs": {"content": "Be brief."}},
		{"type": "human", "content": "Delete .env"},
		{"type": "ai", "content": "", "tool_calls": [{"name": "delete_file", "args": {"path": ".env"}, "id": "call_1"}]},
		{"role": "tool", "content": "true", "tool_call_id": "call_1"}
	]]`), &v)
	msgs := messages(v)
	if len(msgs) != 4 || msgs[0].Role != "system" || msgs[0].Content != "Be brief." || msgs[1].Role != "user" ||
		msgs[2].Role != "assistant" || len(msgs[2].ToolCalls) != 1 || msgs[2].ToolCalls[0].Arguments != `{"path":".env"}` ||
		msgs[2].ToolCalls[0].Name != "delete_file" || msgs[3].ToolCallID != "call_1" {
		t.Errorf("%+v", msgs)
	}
}

func recordedBody(t *testing.T, turn int) []byte {
	t.Helper()
	data, err := os.ReadFile(recordedFile)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []struct {
		Request json.RawMessage `json:"request"`
	}
	if err := json.Unmarshal(data, &pairs); err != nil {
		t.Fatal(err)
	}
	return pairs[turn].Request
}

// Each llm run opens as the request body the SDK's client sent, its
// usage the provider's.
func TestFixtureRuns(t *testing.T) {
	t.Parallel()
	var llm, retrievers []*trace.Span
	if err := trace.Scan(runsFile, func(sp *trace.Span) error {
		if trace.IsLLM(sp) {
			llm = append(llm, sp)
		}
		if trace.IsRetrieval(sp) {
			retrievers = append(retrievers, sp)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(llm) != 3 || len(retrievers) != 2 {
		t.Fatalf("%d llm runs, %d retriever runs; want 3 and 2", len(llm), len(retrievers))
	}
	for turn, want := range []int{71, 133} {
		sp := llm[turn]
		sc, err := trace.OpenSpan(runsFile, sp.SpanID, trace.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := trace.Count(sc)
		if err != nil {
			t.Fatal(err)
		}
		bodySc, err := request.Parse("body.json", recordedBody(t, turn), request.Options{})
		if err != nil {
			t.Fatal(err)
		}
		body, err := trace.Count(bodySc)
		if err != nil {
			t.Fatal(err)
		}
		req := trace.RequestOf(sp, nil)
		if got != body || sc.Recorded == nil || sc.Recorded.InputTokens != want || len(req.Tools) != 2 || req.Model != "gpt-4o" || sp.ParentSpanID == "" {
			t.Errorf("turn %d: counts %d, the body %d; recorded %+v; %d tools, model %q", turn+1, got, body, sc.Recorded, len(req.Tools), req.Model)
		}
	}
	r := trace.RetrievalOf(retrievers[0])
	if r.Query != "What is Pydantic AI?" || len(r.Docs) != 4 || len(r.Notes) != 0 || !strings.HasPrefix(r.Docs[0].Source, "https://") || r.Docs[0].Score <= 0 {
		t.Errorf("%+v", r)
	}
	// The pretty-printed run alone is the same run.
	list, err := trace.ListTraces(runFile, trace.ListOptions{})
	if err != nil || len(list) != 1 || len(list[0].LLM) != 1 || list[0].LLM[0].SpanID != llm[1].SpanID || *list[0].LLM[0].Billed != 133 {
		t.Errorf("%v: %+v", err, list)
	}
	all, err := trace.ListTraces(runsFile, trace.ListOptions{})
	if err != nil || len(all) != 4 || all[0].Service != "agent run" || all[1].Service != "ChatOpenAI" || all[2].Service != "search" {
		t.Errorf("%v: %+v", err, all)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	good := `{"id":"r1","run_type":"llm","trace_id":"r1","start_time":"2026-01-01T00:00:00Z","inputs":{"messages":[{"role":"user","content":"hi"}]}}`
	for _, tc := range []struct{ content, want string }{
		{good + "\n{\"id\": \"r2\", \"run_type\": \n", "bad.jsonl: line 2: is not JSON; expected one LangSmith run a line"},
		{good + "\n" + `{"id":"r2","run_type":"llm","start_time":"soon"}`, `bad.jsonl: line 2: run: "r2": start_time "soon" is not a time`},
		{good + "\n" + `{"id":"r2","run_type":"llm","inputs":[1]}`, "bad.jsonl: line 2: run: inputs is a JSON array; expected an object"},
		{good + "\n" + `{"run_type":"llm"}`, "bad.jsonl: line 2: run: has no id"},
		{"[\n" + good + ",\n" + `{"id":"r\u001b[2J","run_type":"llm"}` + "\n]", `bad.jsonl: run 2: id "r␛[2J" holds control characters`},
	} {
		path := filepath.Join(t.TempDir(), "bad.jsonl")
		if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		err := trace.Scan(path, func(*trace.Span) error { return nil })
		var le *loaders.Error
		if !errors.As(err, &le) {
			t.Errorf("%q: %v; want a loaders.Error", tc.content, err)
			continue
		}
		msg := strings.Replace(err.Error(), filepath.Dir(path)+string(filepath.Separator), "", 1)
		if !strings.HasPrefix(msg, tc.want) || strings.Contains(msg, "\x1b") {
			t.Errorf("%q:\n got %s\nwant %s", tc.content, msg, tc.want)
		}
	}
}
