package cli_test

// The OTLP protobuf fixtures (an OTLP/HTTP body and the Collector file
// exporter's framing, from the real proto exporters) through the
// commands that read traces: each prints what its JSON Lines twin does.

import (
	"reflect"
	"strings"
	"testing"
)

func TestTracesProtobufAsJSON(t *testing.T) {
	t.Parallel()
	dir := traceFixtures + "otel-genai-proto/"
	want := listTraces(t, dir+"traces.jsonl", "--logs", dir+"logs.jsonl")
	if len(want.Traces) != 2 || len(want.Traces[0].Spans) != 2 || want.Traces[0].Spans[1].Counted == nil {
		t.Fatalf("the JSON Lines list as %+v; want 2 traces, counted", want)
	}
	for _, args := range [][]string{
		{dir + "traces.binpb", "--logs", dir + "logs.binpb"},
		{dir + "traces.pb", "--logs", dir + "logs.pb"},
		{dir + "traces.binpb", "--logs", dir + "logs.jsonl"},
	} {
		if got := listTraces(t, args...); !reflect.DeepEqual(got, want) {
			t.Errorf("traces %v:\n got %+v\nwant %+v", args, got, want)
		}
	}

	span, trace := want.Traces[0].Spans[1].SpanID, want.Traces[0].TraceID
	for _, cmd := range [][]string{
		{"assemble", "--request", "%s", "--span-id", span, "--logs", "%l"},
		{"replay", "--trajectory", "%s", "--trace-id", trace, "--logs", "%l"},
	} {
		out := func(traces, logs string) string {
			args := make([]string, len(cmd))
			for i, a := range cmd {
				args[i] = strings.NewReplacer("%s", dir+traces, "%l", dir+logs).Replace(a)
			}
			stdout, stderr, code := run(t, "", args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			// The file's name is in the header; the rest is the same.
			return strings.ReplaceAll(stdout, dir+traces, "FILE")
		}
		jsonOut := out("traces.jsonl", "logs.jsonl")
		for _, pair := range [][2]string{{"traces.binpb", "logs.pb"}, {"traces.pb", "logs.binpb"}} {
			if got := out(pair[0], pair[1]); got != jsonOut {
				t.Errorf("%s %s with %s:\n%s\nthe JSON Lines print:\n%s", cmd[0], pair[0], pair[1], got, jsonOut)
			}
		}
	}
}

// build --docs FILE --span-id ID opens a protobuf retrieval span as its
// JSON Lines twin.
func TestDocsSpanProtobufAsJSON(t *testing.T) {
	t.Parallel()
	dir := traceFixtures + "openinference-retrieval-proto/"
	build := func(file, span string) string {
		stdout, stderr, code := run(t, "", "build", "--docs", dir+file, "--span-id", span)
		if code != 0 {
			t.Fatalf("build --docs %s: exit %d: %s", file, code, stderr)
		}
		return strings.ReplaceAll(stdout, dir+file, "FILE")
	}
	for _, span := range []string{"a178fe9e93edd54d", "12a0cb2913c632c0"} {
		want := build("traces.jsonl", span)
		if !strings.Contains(want, "4 documents") {
			t.Fatalf("the JSON Lines span %s opens as:\n%s", span, want)
		}
		for _, file := range []string{"traces.binpb", "traces.pb"} {
			if got := build(file, span); got != want {
				t.Errorf("%s span %s:\n%s\nthe JSON Lines print:\n%s", file, span, got, want)
			}
		}
	}
}
