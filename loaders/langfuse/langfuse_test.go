package langfuse

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
	downloadFile = "testdata/trace-download.json"
	legacyFile   = "testdata/trace-legacy.json"
	searchFile   = "testdata/search-download.json"
	linesFile    = "testdata/observations.jsonl"
	recordedFile = "../trace/testdata/gen/recorded.json"
)

// Langfuse's usage details: input holds what is not itemized, so the
// whole prompt (the bill ctxlab compares with) is every key naming input.
func TestUsageConvention(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name                         string
		details                      map[string]int
		input, output, cached, write int
		field                        string
		none                         bool
	}{
		// Langfuse's ingestion of OpenAI's usage: prompt_tokens 5 with 2
		// cached and 3 audio becomes input 0 (IngestionService tests).
		{"openai through Langfuse", map[string]int{"input": 0, "output": 0, "total": 16, "input_cached_tokens": 2, "input_audio_tokens": 3, "output_reasoning_tokens": 4, "output_audio_tokens": 4, "output_text_tokens": 3},
			5, 11, 2, 0, "usageDetails input + input_audio_tokens + input_cached_tokens", false},
		{"openai cached only", map[string]int{"input": 3, "output": 4, "total": 16, "input_cached_tokens": 2, "output_reasoning_tokens": 4, "output_text_tokens": 3},
			5, 11, 2, 0, "usageDetails input + input_cached_tokens", false},
		// Anthropic's input_tokens leaves the cache out already: Langfuse
		// records it as input beside the cache read and creation.
		{"anthropic", map[string]int{"input": 7, "input_cache_read": 16399, "input_cache_creation": 2089, "output": 445, "total": 18940},
			18495, 445, 16399, 2089, "usageDetails input + input_cache_creation + input_cache_read", false},
		// The langfuse npm SDK's observeOpenAI: OpenAI's prompt_tokens
		// (cached included) as input, the details beside; the total
		// shows it.
		{"details within input", map[string]int{"input": 1200, "output": 9, "total": 1209, "input_cached_tokens": 1024, "input_audio_tokens": 0, "output_reasoning_tokens": 0},
			1200, 9, 1024, 0, "usageDetails input (its details within it: input + output = total)", false},
		{"nothing cached", map[string]int{"input": 71, "output": 46, "total": 117, "input_cached_tokens": 0, "input_audio_tokens": 0},
			71, 46, 0, 0, "usageDetails input", false},
		{"details without input", map[string]int{"input_cached_tokens": 10, "output": 3},
			10, 3, 10, 0, "usageDetails input_cached_tokens", false},
		{"no input at all", map[string]int{"output": 3, "total": 3}, 0, 0, 0, 0, "", true},
	} {
		u := usageFromDetails(tc.details, "usageDetails")
		if tc.none {
			if u != nil {
				t.Errorf("%s: %+v; want no usage", tc.name, u)
			}
			continue
		}
		if u == nil {
			t.Errorf("%s: no usage", tc.name)
			continue
		}
		if b := u.Billed(); b.InputTokens != tc.input || b.OutputTokens != tc.output || b.CachedTokens != tc.cached ||
			b.CacheWriteTokens != tc.write || b.Convention != usage.Langfuse || u.Field != tc.field {
			t.Errorf("%s: %+v billed %+v; want input %d output %d cached %d written %d under langfuse, field %q",
				tc.name, u, b, tc.input, tc.output, tc.cached, tc.write, tc.field)
		}
	}
}

// The other places an export keeps usage, and the quoted counts of
// ClickHouse's JSON.
func TestUsageFields(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		obs           string
		input, output int
		field         string
	}{
		{`{"usage_details": {"input": "133", "output": "20", "input_cached_tokens": "64"}}`, 197, 20, "usage_details input + input_cached_tokens"},
		{`{"usageDetails": {}, "inputUsage": 90, "outputUsage": 4}`, 90, 4, "inputUsage"},
		{`{"usage": {"input": 12, "output": 3, "total": 15, "unit": "TOKENS"}}`, 12, 3, "usage.input"},
		{`{"promptTokens": 40, "completionTokens": 2}`, 40, 2, "promptTokens"},
	} {
		var o observation
		if err := json.Unmarshal([]byte(tc.obs), &o); err != nil {
			t.Fatal(err)
		}
		u, err := usageOf(&o)
		if err != nil || u == nil {
			t.Errorf("%s: %+v, %v", tc.obs, u, err)
			continue
		}
		if b := u.Billed(); b.InputTokens != tc.input || b.OutputTokens != tc.output || b.Convention != usage.Langfuse || u.Field != tc.field {
			t.Errorf("%s: %+v billed %+v; want input %d output %d under langfuse, field %q", tc.obs, u, b, tc.input, tc.output, tc.field)
		}
	}
	var o observation
	json.Unmarshal([]byte(`{"usage_details": {"input": "many"}}`), &o)
	if _, err := usageOf(&o); err == nil || !strings.Contains(err.Error(), `usage_details.input "many" is not a token count`) {
		t.Errorf("bad count: %v", err)
	}
}

func TestSniff(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		head string
		want bool
	}{
		{`{"resourceSpans": [{"scopeSpans": []}]}`, false},
		{"{\n  \"resourceSpans\": []\n}", false},
		{`{"resourceLogs": []}`, false},
		{"{\n  \"observations\": [],\n  \"scores\": []\n}", true},
		{"\ufeff{\"trace\": {\"id\": \"t\"}, \"observations\": []}", true},
		{`{"id": "t1", "name": "x", "timestamp": "2026-01-01T00:00:00Z", "observations": []}`, true},
		{"{\"id\":\"o1\",\"trace_id\":\"t1\",\"type\":\"SPAN\",\"start_time\":\"2026-01-01 00:00:00.000\"}\n", true},
		{`{"id":"o1","traceId":"t1","startTime":"2026-01-01T00:00:00Z"}`, true},
		{`{"id":"o1","traceId":"t1"}`, false},
		// Words in values are not keys.
		{`{"id":"r1","run_type":"chain","trace_id":"r1","start_time":"2026-01-01T00:00:00Z","inputs":{"observations":[]}}`, false},
		{"{\"id\":\"o1\",\"trace_id\":\"t1\",\"start_time\":\"2026-01-01 00:00:00\",\"input\":\"" + strings.Repeat("long ", 20000), true},
		// A LangSmith run is LangSmith's.
		{`{"id":"r1","run_type":"llm","trace_id":"r1","start_time":"2026-01-01T00:00:00Z"}`, false},
		{`[{"role": "user"}]`, false},
		{``, false},
	} {
		if got := Sniff([]byte(tc.head)); got != tc.want {
			t.Errorf("Sniff(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

func spans(t *testing.T, path string) []*trace.Span {
	t.Helper()
	var out []*trace.Span
	if err := trace.Scan(path, func(sp *trace.Span) error { out = append(out, sp); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

func llm(spans []*trace.Span) []*trace.Span {
	var out []*trace.Span
	for _, sp := range spans {
		if trace.IsLLM(sp) {
			out = append(out, sp)
		}
	}
	return out
}

// recordedBody is the request body the SDK's client sent for a recorded
// turn, as the OpenAI fixtures' stub received it.
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

// Each GENERATION of the server's download and of the blob-storage export
// opens as the request body the SDK sent, counted the same, its usage the
// provider's.
func TestFixtureGenerations(t *testing.T) {
	t.Parallel()
	for _, path := range []string{downloadFile, linesFile} {
		gens := llm(spans(t, path))
		if len(gens) < 2 {
			t.Fatalf("%s: %d GENERATIONs", path, len(gens))
		}
		for turn, want := range []struct{ messages, input, output int }{{2, 71, 46}, {5, 133, 20}} {
			sp := gens[turn]
			req := trace.RequestOf(sp, nil)
			if len(req.Messages) != want.messages || len(req.Tools) != 2 || req.Usage == nil ||
				req.Usage.Input != want.input || req.Usage.Output != want.output || req.Model != "gpt-4o-2024-08-06" || req.Convention != Convention {
				t.Errorf("%s: turn %d: %d messages, %d tools, usage %+v, model %q", path, turn+1, len(req.Messages), len(req.Tools), req.Usage, req.Model)
			}
			sc, err := trace.OpenSpan(path, sp.SpanID, trace.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := trace.Count(sc)
			if err != nil {
				t.Fatal(err)
			}
			bodySc, err := request.Parse("body.json", recordedBody(t, turn), request.Options{Model: req.Model})
			if err != nil {
				t.Fatal(err)
			}
			body, err := trace.Count(bodySc)
			if err != nil {
				t.Fatal(err)
			}
			if got != body || got == 0 {
				t.Errorf("%s: turn %d counts %d, the body the SDK sent %d", path, turn+1, got, body)
			}
			if sc.Recorded == nil || sc.Recorded.InputTokens != want.input {
				t.Errorf("%s: turn %d recorded %+v", path, turn+1, sc.Recorded)
			}
		}
	}
}

// The two exports of one observation agree: times (RFC 3339 and
// ClickHouse's), parents, names.
func TestExportsAgree(t *testing.T) {
	t.Parallel()
	lines := map[string]*trace.Span{}
	for _, sp := range spans(t, linesFile) {
		lines[sp.SpanID] = sp
	}
	if len(lines) != 5 {
		t.Fatalf("%s: %d observations, want 5", linesFile, len(lines))
	}
	for _, path := range []string{downloadFile, legacyFile, searchFile} {
		for _, sp := range spans(t, path) {
			other := lines[sp.SpanID]
			if other == nil || !other.Start.Equal(sp.Start) || !other.End.Equal(sp.End) || sp.Start.IsZero() ||
				other.TraceID != sp.TraceID || other.Name != sp.Name || other.ParentSpanID != sp.ParentSpanID {
				t.Errorf("%s: observation %s: %+v; the export has %+v", path, sp.SpanID, sp, other)
			}
		}
	}
}

// The browser's download has no input: usage only, and why.
func TestLegacyDownloadUsageOnly(t *testing.T) {
	t.Parallel()
	list, err := trace.ListTraces(legacyFile, trace.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Service != "agent run" || len(list[0].LLM) != 2 {
		t.Fatalf("%+v", list)
	}
	s := list[0].LLM[1]
	if s.Counted != nil || s.Billed == nil || *s.Billed != 133 || s.Note != noteNoInput {
		t.Errorf("%+v", s)
	}
}

func TestFixtureRetrievals(t *testing.T) {
	t.Parallel()
	var rs []*trace.Retrieval
	for _, sp := range spans(t, linesFile) {
		if trace.IsRetrieval(sp) {
			rs = append(rs, trace.RetrievalOf(sp))
		}
	}
	if len(rs) != 2 || rs[0].Query != "What is Pydantic AI?" || rs[1].Query != "transformer architectures" {
		t.Fatalf("%+v", rs)
	}
	for _, r := range rs {
		if len(r.Docs) != 4 || len(r.Notes) != 0 {
			t.Errorf("%s: %d documents, notes %q", r.SpanID, len(r.Docs), r.Notes)
		}
		for _, d := range r.Docs {
			if d.Content == "" || !strings.HasPrefix(d.Source, "https://") || d.Metadata["id"] != d.Source || d.Score <= 0 || d.Score > 1 {
				t.Errorf("%s: document %+v", r.SpanID, d)
			}
		}
	}
	sc, err := trace.OpenRetrieval(searchFile, rs[0].SpanID)
	if err != nil || len(sc.Documents) != 4 || sc.Settings.Query != rs[0].Query {
		t.Errorf("open: %v, %+v", err, sc)
	}
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	good := `{"id":"o1","trace_id":"t1","type":"GENERATION","start_time":"2026-01-01 00:00:00.000","input":"hi"}`
	for _, tc := range []struct{ content, want string }{
		{good + "\n{\"id\": \"o2\", \"trace_id\": \n", "bad.jsonl: line 2: is not JSON; expected one Langfuse observation a line"},
		{good + "\n" + `{"id":"o2","type":"SPAN","start_time":"2026-01-01 00:00:00"}` + "\n", `bad.jsonl: line 2: observation: "o2" has no trace id`},
		{good + "\n" + `{"id":"o2","trace_id":"t1","start_time":"yesterday"}`, `bad.jsonl: line 2: observation: "o2": startTime "yesterday" is not a time`},
		{good + "\n" + `{"id":7,"trace_id":"t1","start_time":"2026-01-01 00:00:00"}`, "bad.jsonl: line 2: observation: id is a JSON number; expected a string"},
		{good + "\n" + `{"id":"o3","trace_id":"t1","start_time":"2026-01-01 00:00:00","type":"GENERATION","usage_details":{"input":-4}}`, `bad.jsonl: line 2: observation: "o3": usage_details.input "-4" is not a token count`},
		{good + "\n" + `{"id":"o\u001b[2J","trace_id":"t1","start_time":"2026-01-01 00:00:00"}`, `bad.jsonl: line 2: observation: id "o␛[2J" holds control characters`},
		{"{\"observations\": [\n  {\"id\": \"o1\"}\n]}\n", `bad.jsonl: observation 1: "o1" has no trace id`},
	} {
		path := writeTemp(t, "bad.jsonl", tc.content)
		err := trace.Scan(path, func(*trace.Span) error { return nil })
		var le *loaders.Error
		if !errors.As(err, &le) || !strings.HasSuffix(le.Name, "bad.jsonl") {
			t.Errorf("%q: %v; want a loaders.Error", tc.content, err)
			continue
		}
		msg := strings.Replace(err.Error(), filepath.Dir(path)+string(filepath.Separator), "", 1)
		if !strings.HasPrefix(msg, tc.want) || strings.Contains(msg, "\x1b") {
			t.Errorf("%q:\n got %s\nwant %s", tc.content, msg, tc.want)
		}
	}
}

// An id of another format is matched as it is written, not as hex.
func TestFindObservation(t *testing.T) {
	t.Parallel()
	_, err := trace.OpenSpan(linesFile, "0123456789abcdef", trace.OpenOptions{})
	if err == nil || !strings.Contains(err.Error(), "no span 0123456789abcdef; expected the id of an LLM span: they include") {
		t.Errorf("%v", err)
	}
	var retrieval string
	for _, sp := range spans(t, linesFile) {
		if trace.IsRetrieval(sp) {
			retrieval = sp.SpanID
		}
	}
	if _, err := trace.OpenSpan(linesFile, " "+retrieval+" ", trace.OpenOptions{}); err == nil || !strings.Contains(err.Error(), "is not an LLM call") {
		t.Errorf("a retriever opened as a request: %v", err)
	}
}

// A trace as Langfuse's public API returns it (GET
// /api/public/traces/{id}): the trace's fields with its observations,
// here of an older export, its usage as {input, output, unit}.
func TestPublicAPITrace(t *testing.T) {
	t.Parallel()
	path := writeTemp(t, "trace.json", `{
  "id": "trace-1", "name": "support bot", "timestamp": "2026-01-02T10:00:00.000Z",
  "observations": [
    {"id": "gen-1", "traceId": "trace-1", "type": "GENERATION", "name": "answer", "startTime": "2026-01-02T10:00:01.000Z",
     "model": "gpt-4o-mini", "input": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Where is my order?"}],
     "usage": {"input": 21, "output": 9, "total": 30, "unit": "TOKENS"}},
    {"id": "ret-1", "type": "RETRIEVER", "name": "search", "startTime": "2026-01-02T10:00:00.500Z",
     "input": {"query": "order status"}, "output": {"documents": [{"content": "Orders ship in 2 days.", "id": "faq-7", "score": 0.8}]}}
  ],
  "scores": []
}`)
	list, err := trace.ListTraces(path, trace.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].TraceID != "trace-1" || list[0].Service != "support bot" || len(list[0].LLM) != 1 || len(list[0].Retrievals) != 1 {
		t.Fatalf("%+v", list)
	}
	s := list[0].LLM[0]
	if s.SpanID != "gen-1" || s.Billed == nil || *s.Billed != 21 || s.Counted == nil || s.Model != "gpt-4o-mini" {
		t.Errorf("%+v", s)
	}
	sc, err := trace.OpenRetrieval(path, "ret-1")
	if err != nil || len(sc.Documents) != 1 || sc.Documents[0].Source != "faq-7" || sc.Documents[0].Score != 0.8 || sc.Settings.Query != "order status" {
		t.Errorf("%v %+v", err, sc)
	}
}
