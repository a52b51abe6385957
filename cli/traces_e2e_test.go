package cli_test

// ctxlab traces, and assemble --request FILE --span-id ID, on the trace
// fixtures the real instrumentations wrote (loaders/trace/testdata).

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

const (
	traceFixtures  = "../loaders/trace/testdata/"
	oiTraceFile    = traceFixtures + "openinference/traces.jsonl"
	otelTraceFile  = traceFixtures + "otel-genai/traces.jsonl"
	otelLogsFile   = traceFixtures + "otel-genai/logs.jsonl"
	llmetryTraceFl = traceFixtures + "openllmetry/traces.jsonl"
)

type tracesJSON struct {
	Traces []struct {
		TraceID string `json:"trace_id"`
		Start   string `json:"start"`
		Service string `json:"service"`
		Spans   []struct {
			SpanID  string `json:"span_id"`
			Name    string `json:"name"`
			Model   string `json:"model"`
			Counted *int   `json:"counted"`
			Billed  *int   `json:"billed"`
			Note    string `json:"note"`
		} `json:"spans"`
	} `json:"traces"`
}

func listTraces(t *testing.T, args ...string) tracesJSON {
	t.Helper()
	stdout, stderr, code := run(t, "", append([]string{"traces", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("traces %v: exit %d: %s", args, code, stderr)
	}
	var out tracesJSON
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	return out
}

func TestTracesJSON(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{oiTraceFile}, {llmetryTraceFl}, {otelTraceFile, "--logs", otelLogsFile}} {
		out := listTraces(t, args...)
		if len(out.Traces) != 2 || len(out.Traces[0].Spans) != 2 || len(out.Traces[1].Spans) != 1 {
			t.Fatalf("%v: %+v; want 2 traces of 2 and 1 LLM spans", args, out)
		}
		for _, tr := range out.Traces {
			start, err := time.Parse(time.RFC3339Nano, tr.Start)
			if err != nil || start.Location() != time.UTC || len(tr.TraceID) != 32 || tr.Service != "file-agent" {
				t.Errorf("%v: trace %s start %q service %q", args, tr.TraceID, tr.Start, tr.Service)
			}
			for _, s := range tr.Spans {
				if len(s.SpanID) != 16 || s.Model != "gpt-4o" || s.Counted == nil || s.Billed == nil || *s.Counted == 0 {
					t.Errorf("%v: span %+v", args, s)
				}
			}
		}
		if b := out.Traces[0].Spans[1].Billed; *b != 133 {
			t.Errorf("%v: second span billed %d, want 133", args, *b)
		}
	}
	// The official instrumentation's spans without their logs: billed
	// only, and why.
	out := listTraces(t, otelTraceFile)
	if s := out.Traces[0].Spans[1]; s.Counted != nil || s.Billed == nil || !strings.Contains(s.Note, "--logs") {
		t.Errorf("without logs: %+v", s)
	}
}

func TestTracesText(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "traces", otelTraceFile, "--logs", otelLogsFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"2 traces · 3 LLM spans", "file-agent · 3 spans, 2 LLM calls", "chat gpt-4o", "133", "counted without tool definitions", "--span-id ID"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("listing lacks %q:\n%s", want, stdout)
		}
	}
}

// A span opens as the request it recorded, its usage the bill.
func TestAssembleSpanID(t *testing.T) {
	t.Parallel()
	out := listTraces(t, oiTraceFile)
	span := out.Traces[0].Spans[1]
	stdout, stderr, code := run(t, "", "assemble", "--request", oiTraceFile, "--span-id", span.SpanID, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := parseAssemble(t, stdout)
	var tools []json.RawMessage
	if err := json.Unmarshal(got.Tools, &tools); err != nil {
		t.Fatal(err)
	}
	if rec := got.Assembly.RecordedUsage; rec == nil || rec.InputTokens != 133 || got.Assembly.Used != *span.Counted || len(tools) != 2 {
		t.Errorf("recorded %+v, used %d (listed %d), %d tools", rec, got.Assembly.Used, *span.Counted, len(tools))
	}

	// The official instrumentation: the messages from the logs file, and
	// a note that it records no tool definitions.
	otel := listTraces(t, otelTraceFile, "--logs", otelLogsFile).Traces[0].Spans[1]
	stdout, stderr, code = run(t, "", "assemble", "--request", otelTraceFile, "--span-id", otel.SpanID, "--logs", otelLogsFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"· billed 133 (", "gen_ai.usage.input_tokens ·", "records no tool definitions", "delete_file"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%.3000s", want, stdout)
		}
	}
}

func TestTracesBadInput(t *testing.T) {
	t.Parallel()
	hostile := writeFile(t, "bad.jsonl", "{\"resourceSpans\": []}\n{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [{\"traceId\": \"\\u001b[2J\"}]}]}]}\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"traces", hostile}, "bad.jsonl: line 2: span #1: traceId \"␛[2J\" is not 32 hex digits"},
		{[]string{"traces"}, "no traces file"},
		{[]string{"assemble", "--request", oiTraceFile, "--span-id", "0123456789abcdef"}, "no span 0123456789abcdef"},
		{[]string{"assemble", "--request", oiTraceFile, "--logs", otelLogsFile}, "--logs goes with --request FILE --span-id ID"},
		{[]string{"assemble", "--span-id", "0123456789abcdef"}, "an LLM span with --request FILE, a retrieval span with --docs FILE"},
		{[]string{"assemble", "--request", oiTraceFile, "--span-id", "0123456789abcdef", "--interaction", "2"}, "give one of them"},
	} {
		stdout, stderr, code := run(t, "", tc.args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "\x1b") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line with %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// Text from a trace reaches the terminal inert: in the listing, and in
// the report of the span opened.
func TestTracesHostileNames(t *testing.T) {
	t.Parallel()
	line := `{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"svc\u001b]0;pwned\u0007"}}]},` +
		`"scopeSpans":[{"spans":[{"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"b7ad6b7169203331","name":"chat\u001b[31m",` +
		`"startTimeUnixNano":"1700000000000000000","attributes":[{"key":"gen_ai.operation.name","value":{"stringValue":"chat"}},` +
		`{"key":"gen_ai.request.model","value":{"stringValue":"m\u009b31m\u001b[2J"}},{"key":"gen_ai.usage.input_tokens","value":{"intValue":"12"}},` +
		`{"key":"gen_ai.input.messages","value":{"stringValue":"[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"content\":\"hi \\u001b[31mred\"}]}]"}},` +
		`{"key":"gen_ai.tool.definitions","value":{"stringValue":"[{\"type\":\"function\",\"name\":\"t\\u001b[2J\",\"parameters\":{\"type\":\"object\"}}]"}}]}]}]}]}` + "\n"
	path := writeFile(t, "hostile.jsonl", line)
	for _, args := range [][]string{
		{"traces", path},
		{"traces", path, "--format", "json"},
		{"assemble", "--request", path, "--span-id", "b7ad6b7169203331"},
		{"assemble", "--request", path, "--span-id", "b7ad6b7169203331", "--format", "json"},
	} {
		stdout, stderr, code := run(t, "", args...)
		if code != 0 || strings.ContainsAny(stdout+stderr, "\x1b\x07\u009b") {
			t.Errorf("%v: exit %d, stderr %q, stdout %.1500q", args, code, stderr, stdout)
		}
		if args[0] == "assemble" && args[len(args)-1] != "json" && !strings.Contains(stdout, "hi ␛[31mred") {
			t.Errorf("%v: the message is not shown inert:\n%.1500s", args, stdout)
		}
	}
}

const retrievalTraceFile = traceFixtures + "openinference-retrieval/traces.jsonl"

// A retrieval span is a document set with its query: listed by traces,
// opened by --docs FILE --span-id ID in build and assemble.
func TestTracesRetrievalSpans(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "traces", retrievalTraceFile, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Traces []struct {
			Retrievals []struct {
				SpanID    string `json:"span_id"`
				Query     string `json:"query"`
				Documents int    `json:"documents"`
			} `json:"retrievals"`
		} `json:"traces"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || len(out.Traces) != 2 || len(out.Traces[0].Retrievals) != 1 {
		t.Fatalf("%v: %s", err, stdout)
	}
	r := out.Traces[0].Retrievals[0]
	if r.Query != "What is Pydantic AI?" || r.Documents != 4 {
		t.Errorf("retrieval %+v", r)
	}

	stdout, stderr, code = run(t, "", "build", "--docs", retrievalTraceFile, "--span-id", r.SpanID, "--format", "json")
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	var build struct {
		Documents []json.RawMessage `json:"documents"`
	}
	if err := json.Unmarshal([]byte(stdout), &build); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "medium.com") || !strings.Contains(stderr, "no document ids") {
		t.Errorf("build: stderr %q, stdout %.500s", stderr, stdout)
	}

	stdout, stderr, code = run(t, "", "assemble", "--docs", retrievalTraceFile, "--span-id", r.SpanID)
	if code != 0 || !strings.Contains(stdout, `query "What is Pydantic AI?"`) || !strings.Contains(stdout, "What is Pydantic AI?") {
		t.Errorf("assemble: exit %d, stderr %q, stdout %.800s", code, stderr, stdout)
	}

	for _, args := range [][]string{
		{"build", "--docs", retrievalTraceFile, "--span-id", r.SpanID, "--doc-format", "jsonl"},
		{"build", "--docs", oiTraceFile, "--span-id", out.Traces[0].Retrievals[0].SpanID},
		{"assemble", "--docs", retrievalTraceFile, "--span-id", r.SpanID, "--logs", otelLogsFile},
	} {
		stdout, stderr, code := run(t, "", args...)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

// The retrieval spans of a file are a run for eval, span document ids as
// docids, judged by a qrels file.
func TestTracesRetrievalRunForEval(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "traces", retrievalTraceFile, "--format", "run")
	if code != 0 || strings.Count(stdout, "\n") != 2 || !strings.HasPrefix(stdout, `{"qid":"c1a4e79067239b98","query":"What is Pydantic AI?","docs":[{"id":"https://`) {
		t.Fatalf("exit %d, stderr %q, stdout %.300s", code, stderr, stdout)
	}
	runFile := writeFile(t, "run.jsonl", stdout)
	qrels := writeFile(t, "qrels.txt", "c1a4e79067239b98 0 https://ai.pydantic.dev/ 1\n414488568e5cc959 0 https://arxiv.org/abs/2507.13043 1\n")
	stdout, stderr, code = run(t, "", "eval", "--run", runFile, "--qrels", qrels)
	if code != 0 || !strings.Contains(stdout, "Evaluated 2 queries") || !strings.Contains(stdout, "Relevant documents  2 retrieved") {
		t.Errorf("eval: exit %d, stderr %q, stdout %.600s", code, stderr, stdout)
	}
	stdout, stderr, code = run(t, "", "traces", oiTraceFile, "--format", "run")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "holds no retrieval spans") {
		t.Errorf("a file without retrieval spans: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
