package cli_test

// ctxlab traces and --span-id on Langfuse's exports (the fixtures the
// langfuse npm SDK made, loaders/langfuse/testdata).

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

const (
	langfuseFixtures = "../loaders/langfuse/testdata/"
	langfuseDownload = langfuseFixtures + "trace-download.json"
	langfuseLegacy   = langfuseFixtures + "trace-legacy.json"
	langfuseLines    = langfuseFixtures + "observations.jsonl"
)

func TestTracesLangfuse(t *testing.T) {
	t.Parallel()
	out := listTraces(t, langfuseLines)
	if len(out.Traces) != 4 || len(out.Traces[0].Spans) != 2 || len(out.Traces[1].Spans) != 1 || len(out.Traces[2].Spans) != 0 {
		t.Fatalf("%+v; want 4 traces of 2, 1, 0 and 0 GENERATIONs", out)
	}
	for i, want := range []int{71, 133} {
		s := out.Traces[0].Spans[i]
		if s.Billed == nil || *s.Billed != want || s.Counted == nil || s.Model != "gpt-4o-2024-08-06" || len(s.SpanID) != 36 {
			t.Errorf("span %d: %+v; want billed %d", i, s, want)
		}
	}
	// The download holds the same trace, with its name.
	dl := listTraces(t, langfuseDownload)
	if len(dl.Traces) != 1 || dl.Traces[0].TraceID != out.Traces[0].TraceID || dl.Traces[0].Service != "agent run" ||
		!reflect.DeepEqual(dl.Traces[0].Spans, out.Traces[0].Spans) {
		t.Errorf("download %+v\nexport %+v", dl.Traces, out.Traces[0])
	}

	stdout, stderr, code := run(t, "", "traces", langfuseLegacy)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"1 trace · 2 LLM spans", "agent run · 2 spans, 2 LLM calls", out.Traces[0].Spans[1].SpanID + "  chat gpt-4o", "usage only: the observation holds no input"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("listing lacks %q:\n%s", want, stdout)
		}
	}

	stdout, stderr, code = run(t, "", "traces", langfuseLines, "--format", "run")
	if code != 0 || strings.Count(stdout, "\n") != 2 || !strings.Contains(stdout, `"query":"What is Pydantic AI?"`) {
		t.Errorf("run: exit %d: %s\n%s", code, stderr, stdout)
	}
}

// A GENERATION opens as the request body the SDK sent would.
func TestAssembleLangfuseSpanID(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(traceFixtures + "gen/recorded.json")
	if err != nil {
		t.Fatal(err)
	}
	var pairs []struct {
		Request json.RawMessage `json:"request"`
	}
	if err := json.Unmarshal(data, &pairs); err != nil {
		t.Fatal(err)
	}
	body := writeFile(t, "body.json", string(pairs[1].Request))
	span := listTraces(t, langfuseDownload).Traces[0].Spans[1]
	for _, file := range []string{langfuseDownload, langfuseLines} {
		stdout, stderr, code := run(t, "", "assemble", "--request", file, "--span-id", span.SpanID, "--format", "json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", file, code, stderr)
		}
		got := parseAssemble(t, stdout)
		stdout, stderr, code = run(t, "", "assemble", "--request", body, "--model", "gpt-4o-2024-08-06", "--format", "json")
		if code != 0 {
			t.Fatalf("body: exit %d: %s", code, stderr)
		}
		want := parseAssemble(t, stdout)
		if rec := got.Assembly.RecordedUsage; rec == nil || rec.InputTokens != 133 {
			t.Errorf("%s: recorded %+v; want 133", file, rec)
		}
		got.Assembly.RecordedUsage = nil
		if !sameJSON(t, got.Messages, want.Messages) || !sameJSON(t, got.Tools, want.Tools) ||
			!reflect.DeepEqual(got.Assembly, want.Assembly) || got.Assembly.Used != *span.Counted {
			t.Errorf("%s: the span opens as\n%s\n%+v\nthe body as\n%s\n%+v", file, jsonText(got.Messages), got.Assembly, jsonText(want.Messages), want.Assembly)
		}
	}

	stdout, stderr, code := run(t, "", "assemble", "--request", langfuseDownload, "--span-id", span.SpanID)
	if code != 0 || !strings.Contains(stdout, "Billed: counted 133 · billed 133 (the same) · usageDetails input · langfuse convention: input excludes cached tokens · the count is the bill") {
		t.Errorf("exit %d: %s\n%.2000s", code, stderr, stdout)
	}
}

func TestTracesLangfuseBadInput(t *testing.T) {
	t.Parallel()
	good := `{"id":"o1","trace_id":"t1","type":"GENERATION","start_time":"2026-01-01 00:00:00.000","input":"hi"}`
	bad := writeFile(t, "export.jsonl", good+"\n"+good[:40]+"\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"traces", bad}, "export.jsonl: line 2: is not JSON; expected one Langfuse observation a line"},
		{[]string{"assemble", "--request", langfuseLines, "--span-id", "no-such-observation"}, "no span no-such-observation; expected the id of an LLM span"},
	} {
		stdout, stderr, code := run(t, "", tc.args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// sameJSON says whether two values are the same JSON, whatever the order
// of their keys.
func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(jsonText(a)), &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(jsonText(b)), &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

func jsonText(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// LangSmith's runs, the same way.
func TestTracesLangSmith(t *testing.T) {
	t.Parallel()
	const runs = "../loaders/langsmith/testdata/runs.jsonl"
	out := listTraces(t, runs)
	if len(out.Traces) != 4 || len(out.Traces[0].Spans) != 2 || len(out.Traces[1].Spans) != 1 {
		t.Fatalf("%+v; want 4 traces, of 2 and 1 llm runs first", out)
	}
	span := out.Traces[0].Spans[1]
	if span.Billed == nil || *span.Billed != 133 || span.Counted == nil || span.Model != "gpt-4o" {
		t.Errorf("%+v", span)
	}
	stdout, stderr, code := run(t, "", "assemble", "--request", runs, "--span-id", span.SpanID, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := parseAssemble(t, stdout)
	data, err := os.ReadFile(traceFixtures + "gen/recorded.json")
	if err != nil {
		t.Fatal(err)
	}
	var pairs []struct {
		Request json.RawMessage `json:"request"`
	}
	if err := json.Unmarshal(data, &pairs); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = run(t, "", "assemble", "--request", writeFile(t, "body.json", string(pairs[1].Request)), "--format", "json")
	if code != 0 {
		t.Fatalf("body: exit %d: %s", code, stderr)
	}
	want := parseAssemble(t, stdout)
	if rec := got.Assembly.RecordedUsage; rec == nil || rec.InputTokens != 133 {
		t.Errorf("recorded %+v; want 133", rec)
	}
	got.Assembly.RecordedUsage = nil
	if !sameJSON(t, got.Messages, want.Messages) || !sameJSON(t, got.Tools, want.Tools) || !reflect.DeepEqual(got.Assembly, want.Assembly) {
		t.Errorf("the run opens as\n%s\n%+v\nthe body as\n%s\n%+v", jsonText(got.Messages), got.Assembly, jsonText(want.Messages), want.Assembly)
	}
}
