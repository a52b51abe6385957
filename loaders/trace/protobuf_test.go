package trace

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"ctxlab/loaders/request"
)

// The *-proto fixtures hold the same spans (and log records) three
// ways: JSON Lines, one OTLP/HTTP protobuf body (.binpb) and the
// Collector file exporter's length-prefixed messages (.pb), all written
// by the real exporters (testdata/gen).
var protoFixtures = []struct {
	dir             string
	logs, retrieval bool
}{
	{"testdata/otel-genai-proto", true, false},
	{"testdata/openinference-proto", false, false},
	{"testdata/openinference-retrieval-proto", false, true},
}

// allSpans reads every span of a file, ordered by span id (a body holds
// the spans of both traces in one batch, the JSON Lines one a trace), and
// without the line each was read at, which protobuf has not.
func allSpans(t *testing.T, path string) []*Span {
	t.Helper()
	var out []*Span
	if err := Scan(path, func(sp *Span) error {
		sp.Line = 0
		out = append(out, sp)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].SpanID < out[b].SpanID })
	return out
}

func TestProtoSpansMatchJSON(t *testing.T) {
	for _, fx := range protoFixtures {
		want := allSpans(t, filepath.Join(fx.dir, "traces.jsonl"))
		if len(want) < 4 {
			t.Fatalf("%s: %d spans in the JSON Lines, want the agent runs and their chat spans", fx.dir, len(want))
		}
		for _, file := range []string{"traces.binpb", "traces.pb"} {
			got := allSpans(t, filepath.Join(fx.dir, file))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s: spans differ from the JSON Lines:\n got %+v\nwant %+v", fx.dir, file, got, want)
			}
		}
	}
}

func TestProtoLogsMatchJSON(t *testing.T) {
	dir := "testdata/otel-genai-proto"
	want, err := ReadLogs(filepath.Join(dir, "logs.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 3 {
		t.Fatalf("logs.jsonl: records for %d spans, want 3", len(want))
	}
	for _, file := range []string{"logs.binpb", "logs.pb"} {
		path := filepath.Join(dir, file)
		got, err := ReadLogs(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: ReadLogs differs from the JSON Lines:\n got %v\nwant %v", file, got, want)
		}
		x, err := OpenLogIndex(path)
		if err != nil {
			t.Fatal(err)
		}
		for id, evs := range want {
			got, err := x.Events(id)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, evs) {
				t.Errorf("%s: LogIndex.Events(%s) differs from the JSON Lines", file, id)
			}
		}
		x.Close()
	}
}

// Each protobuf traces file, with each logs file, lists as its JSON
// Lines counterpart does: the same traces, spans, counts and usage.
func TestProtoListsAsJSON(t *testing.T) {
	for _, fx := range protoFixtures {
		logsFiles := []string{""}
		if fx.logs {
			logsFiles = []string{"logs.jsonl", "logs.binpb", "logs.pb"}
		}
		want := listFixture(t, filepath.Join(fx.dir, "traces.jsonl"), filepath.Join(fx.dir, "logs.jsonl"), fx.logs)
		if len(want) != wantTraces {
			t.Fatalf("%s: %d traces, want %d", fx.dir, len(want), wantTraces)
		}
		counted, retrievals := 0, 0
		for _, tr := range want {
			for _, s := range tr.LLM {
				if s.Counted != nil && s.Billed != nil {
					counted++
				}
			}
			for _, r := range tr.Retrievals {
				if r.Documents == 4 && r.Query != "" {
					retrievals++
				}
			}
		}
		if fx.retrieval && retrievals != 2 || !fx.retrieval && counted != 3 {
			t.Fatalf("%s: %d LLM spans counted and billed, %d retrievals of 4 documents: %+v", fx.dir, counted, retrievals, want)
		}
		for _, traces := range []string{"traces.binpb", "traces.pb"} {
			for _, logs := range logsFiles {
				got := listFixture(t, filepath.Join(fx.dir, traces), filepath.Join(fx.dir, logs), logs != "")
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %s with %q lists differently from the JSON Lines:\n got %+v\nwant %+v", fx.dir, traces, logs, got, want)
				}
			}
		}
	}
}

func listFixture(t *testing.T, traces, logs string, withLogs bool) []TraceSummary {
	t.Helper()
	opts := ListOptions{Request: request.Options{}}
	if withLogs {
		x, err := OpenLogIndex(logs)
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		opts.LogIndex = x
	}
	out, err := ListTraces(traces, opts)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A span opened from protobuf is the request its JSON twin opens as.
func TestProtoOpensAsJSON(t *testing.T) {
	dir := "testdata/otel-genai-proto"
	for _, sp := range llmSpans(t, filepath.Join(dir, "traces.jsonl")) {
		want, err := OpenSpan(filepath.Join(dir, "traces.jsonl"), sp.SpanID, OpenOptions{Logs: filepath.Join(dir, "logs.jsonl")})
		if err != nil {
			t.Fatal(err)
		}
		wantN, err := Count(want)
		if err != nil {
			t.Fatal(err)
		}
		for _, pair := range [][2]string{{"traces.binpb", "logs.binpb"}, {"traces.pb", "logs.pb"}, {"traces.pb", "logs.jsonl"}} {
			got, err := OpenSpan(filepath.Join(dir, pair[0]), strings.ToUpper(sp.SpanID), OpenOptions{Logs: filepath.Join(dir, pair[1])})
			if err != nil {
				t.Fatal(err)
			}
			gotN, err := Count(got)
			if err != nil {
				t.Fatal(err)
			}
			if gotN != wantN || len(got.History) != len(want.History) || !reflect.DeepEqual(got.History, want.History) ||
				!reflect.DeepEqual(got.Tools, want.Tools) || !reflect.DeepEqual(got.Recorded, want.Recorded) {
				t.Errorf("span %s from %s with %s: %d tokens, %d messages, usage %+v; the JSON opens as %d, %d, %+v",
					sp.SpanID, pair[0], pair[1], gotN, len(got.History), got.Recorded, wantN, len(want.History), want.Recorded)
			}
		}
	}
}

// A retrieval span opened from protobuf is the document set its JSON
// twin opens as.
func TestProtoRetrievalOpensAsJSON(t *testing.T) {
	dir := "testdata/openinference-retrieval-proto"
	var ids []string
	if err := Scan(filepath.Join(dir, "traces.jsonl"), func(sp *Span) error {
		if IsRetrieval(sp) {
			ids = append(ids, sp.SpanID)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 {
		t.Fatalf("%d retrieval spans in the JSON Lines, want 2", len(ids))
	}
	for _, id := range ids {
		want, err := OpenRetrieval(filepath.Join(dir, "traces.jsonl"), id)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range []string{"traces.binpb", "traces.pb"} {
			got, err := OpenRetrieval(filepath.Join(dir, file), id)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Documents) != 4 || !reflect.DeepEqual(got.Documents, want.Documents) || got.Settings.Query == "" || got.Settings.Query != want.Settings.Query {
				t.Errorf("%s: span %s opens as %d documents, query %q; the JSON as %d, %q", file, id, len(got.Documents), got.Settings.Query, len(want.Documents), want.Settings.Query)
			}
		}
	}
}

func TestProtoIsTracesFile(t *testing.T) {
	for _, fx := range protoFixtures {
		for _, file := range []string{"traces.binpb", "traces.pb"} {
			if !IsTracesFile(filepath.Join(fx.dir, file)) {
				t.Errorf("%s/%s is not taken for a traces file", fx.dir, file)
			}
		}
	}
}

// No JSON file of the fixtures is taken for protobuf.
func TestJSONIsNotProto(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*/*.json*")
	if len(paths) < 8 {
		t.Fatalf("%d JSON fixtures found", len(paths))
	}
	for _, p := range paths {
		if form := protoFormOfFile(p); form != notProto {
			t.Errorf("%s is taken for protobuf (%d)", p, form)
		}
	}
	// A body whose first bytes read as a newline and '{': protobuf all
	// the same.
	body := append([]byte{0x0a, 0x7b, 0x0a, 0x20, 0x0a, 0x1e}, make([]byte, 150)...)
	if form := sniffProtoHead([]byte("\n\n")); form != notProto {
		t.Errorf("a file of blank lines is taken for protobuf (%d)", form)
	}
	if looksJSON(body) {
		t.Error("a protobuf body opening with \\n{ looks like JSON")
	}
}

func readFixture(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Bad protobuf input is one line naming the file, the message (record)
// and its offset, and what was expected.
func TestProtoBadInput(t *testing.T) {
	framed := readFixture(t, "testdata/otel-genai-proto/traces.pb")
	first := int(binary.BigEndian.Uint32(framed))
	body := readFixture(t, "testdata/otel-genai-proto/traces.binpb")
	logsBody := readFixture(t, "testdata/otel-genai-proto/logs.binpb")
	hugeLength := append([]byte(nil), framed[:4+first]...)
	hugeLength = append(hugeLength, 0x7f, 0xff, 0xff, 0xff, 0x0a)

	for _, tc := range []struct {
		name string
		data []byte
		logs bool
		want string
	}{
		{"cut.pb", framed[:len(framed)-10], false, "cut.pb: record 2: at byte " + strconv.Itoa(4+first) + ": is cut short: the length before it says "},
		{"prefix.pb", framed[:4+first+2], false, "prefix.pb: record 2: at byte " + strconv.Itoa(4+first) + ": is cut short: 2 bytes where a 4-byte length was expected"},
		{"huge.pb", hugeLength, false, "huge.pb: record 2: at byte " + strconv.Itoa(4+first) + ": the length before the message is 2147483647 bytes, more than 512 MiB"},
		{"cut.binpb", body[:len(body)-7], false, "cut.binpb: at byte 0: is not an OTLP protobuf ExportTraceServiceRequest: unexpected EOF"},
		{"logs.binpb", logsBody, false, "logs.binpb: at byte 0: is OTLP logs, not traces; expected an ExportTraceServiceRequest (give a logs file with --logs)"},
		{"traces.binpb", body, true, "traces.binpb: at byte 0: is OTLP traces, not logs; expected an ExportLogsServiceRequest"},
		{"json-ish.json", append([]byte("{\"resourceSpans\": "), body...), false, "json-ish.json: line 1: is not JSON; expected OTLP JSON traces"},
	} {
		path := writeTemp(t, tc.name, string(tc.data))
		var err error
		if tc.logs {
			_, err = ReadLogs(path)
			if _, ierr := OpenLogIndex(path); ierr == nil || ierr.Error() != err.Error() {
				t.Errorf("%s: OpenLogIndex says %v, ReadLogs %v", tc.name, ierr, err)
			}
		} else {
			_, err = ListTraces(path, ListOptions{})
			if serr := Scan(path, func(*Span) error { return nil }); serr == nil || serr.Error() != err.Error() {
				t.Errorf("%s: Scan says %v, ListTraces %v", tc.name, serr, err)
			}
		}
		if err == nil {
			t.Errorf("%s: read without error", tc.name)
			continue
		}
		msg := strings.TrimPrefix(err.Error(), filepath.Dir(path)+string(filepath.Separator))
		if !strings.HasPrefix(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s:\n got %s\nwant %s…", tc.name, msg, tc.want)
		}
	}
}
