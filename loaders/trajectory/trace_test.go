package trajectory

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/loaders/trace"
)

const traceFixtures = "../trace/testdata/"

// traceCase is a fixture of one instrumentation that records the
// messages, and its trace of two LLM spans.
type traceCase struct {
	file, logs, traceID string
	spans               []string
	// note is what the spans left out, as Open notes it.
	note   string
	billed []int
}

var traceCases = []traceCase{
	{file: "openinference/traces.jsonl", traceID: "01c91249c9db3576dcf24e2996bb9907", spans: []string{"d0e72f35d0eccf2d", "bc779477e426c81e"}, billed: []int{71, 133}},
	{file: "openinference/traces.json", traceID: "01c91249c9db3576dcf24e2996bb9907", spans: []string{"d0e72f35d0eccf2d", "bc779477e426c81e"}, billed: []int{71, 133}},
	{file: "openllmetry/traces.jsonl", traceID: "e4f5121d0ae529d25a594d68f2202545", spans: []string{"500b1bf07f39efba", "34ba063e7de89a3b"}, billed: []int{71, 133}},
	{file: "openllmetry-indexed/traces.jsonl", traceID: "6ee6bc07191fb8e97974941db72a5bae", spans: []string{"30d2a3fd09684b1d", "6cf97bd020382b82"}, billed: []int{71, 133},
		note: "turn 2: the span records tool results without the assistant's tool calls before them: the instrumentation left the calls out, so they are not counted"},
	{file: "otel-genai/traces.jsonl", logs: "otel-genai/logs.jsonl", traceID: "a474d48f26b66432eb1286d364496f53", spans: []string{"d9aed2ad9e54e047", "f020148a18480986"}, billed: []int{71, 133},
		note: "every turn: the OpenTelemetry GenAI instrumentation records no tool definitions: the request opens without them, so ctxlab's count leaves out their tokens and the bill does not"},
}

// Each LLM span of a trace is a turn, in time order: its input tokens
// are what assemble --request FILE --span-id ID counts for the span, and
// its recorded usage the span's bill.
func TestTraceTurnsAreTheSpansAsAssembleOpensThem(t *testing.T) {
	for _, c := range traceCases {
		t.Run(c.file, func(t *testing.T) {
			path := traceFixtures + c.file
			logs := ""
			if c.logs != "" {
				logs = traceFixtures + c.logs
			}
			tr, notes, err := Open(Source{Path: path, TraceID: c.traceID, Logs: logs}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(notes, "\n"); got != c.note {
				t.Errorf("notes %q; want %q", got, c.note)
			}
			if len(tr.Turns) != len(c.spans) || tr.Model != "gpt-4o" {
				t.Fatalf("%d turns of %s; want %d of gpt-4o", len(tr.Turns), tr.Model, len(c.spans))
			}
			if !strings.Contains(tr.Name, c.traceID) {
				t.Errorf("name %q does not say the trace", tr.Name)
			}
			for i, id := range c.spans {
				turn := tr.Turns[i]
				sc, err := trace.OpenSpan(path, id, trace.OpenOptions{Logs: logs})
				if err != nil {
					t.Fatal(err)
				}
				want, err := trace.Count(sc)
				if err != nil {
					t.Fatal(err)
				}
				if turn.InputTokens != want || turn.Label != "span "+id {
					t.Errorf("turn %d (%s): %d input tokens; assemble --span-id %s counts %d", i+1, turn.Label, turn.InputTokens, id, want)
				}
				if turn.Recorded == nil || turn.Recorded.InputTokens != c.billed[i] || sc.Recorded == nil || sc.Recorded.InputTokens != c.billed[i] {
					t.Errorf("turn %d: recorded %+v; want the span's bill, %d", i+1, turn.Recorded, c.billed[i])
				}
			}
		})
	}
}

// oneTrace writes the fixture's line holding traceID alone: a file of
// one trace.
func oneTrace(t *testing.T, fixture, traceID string) string {
	t.Helper()
	f, err := os.Open(traceFixtures + fixture)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := filepath.Join(t.TempDir(), "one.jsonl")
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		if strings.Contains(sc.Text(), traceID) {
			if err := os.WriteFile(out, append(sc.Bytes(), '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			return out
		}
	}
	t.Fatalf("%s has no line of trace %s", fixture, traceID)
	return ""
}

// A traces file of one trace opens without --trace-id, through Open as
// replay calls it, and is the same trajectory as with the id.
func TestTraceFileOfOneTraceOpensIt(t *testing.T) {
	c := traceCases[2]
	path := oneTrace(t, c.file, c.traceID)
	if !trace.IsTracesFile(path) {
		t.Fatal("not told a traces file")
	}
	tr, _, err := Open(Source{Path: path}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	withID, _, err := Open(Source{Path: path, TraceID: strings.ToUpper(c.traceID)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Turns) != 2 || tr.Turns[1].InputTokens != withID.Turns[1].InputTokens || tr.Name != withID.Name {
		t.Errorf("without the id: %d turns, %q; with it %q", len(tr.Turns), tr.Name, withID.Name)
	}
}

func TestTraceTrajectoryRefusals(t *testing.T) {
	oi := traceFixtures + "openinference/traces.jsonl"
	otel := traceFixtures + "otel-genai/traces.jsonl"
	for _, c := range []struct {
		name string
		src  Source
		want []string
	}{
		{"several traces", Source{Path: oi}, []string{oi + ": holds 2 traces; choose one with --trace-id ID (ctxlab traces " + oi + " lists them)"}},
		{"unknown id", Source{Path: oi, TraceID: strings.Repeat("ab", 16)}, []string{oi + ": holds no trace " + strings.Repeat("ab", 16), "01c91249c9db3576dcf24e2996bb9907"}},
		{"not an id", Source{Path: oi, TraceID: "nope"}, []string{oi + `: --trace-id "nope" is not a trace id; expected 32 hex digits`}},
		{"usage only", Source{Path: otel, TraceID: "a474d48f26b66432eb1286d364496f53"}, []string{"turn 1 (span d9aed2ad9e54e047) records no message content", "--logs FILE"}},
		{"no LLM span", Source{Path: traceFixtures + "openinference-retrieval/traces.jsonl", TraceID: "80c4a779c77b78526308a2496af0d99d"}, []string{"trace 80c4a779c77b78526308a2496af0d99d holds no LLM span"}},
		{"logs with a cassette", Source{Path: openAICache, Logs: traceFixtures + "otel-genai/logs.jsonl"}, []string{openAICache + ": is not an OTLP JSON traces file; --logs goes with a traces file"}},
		{"trace id with a cassette", Source{Path: openAICache, TraceID: "01c91249c9db3576dcf24e2996bb9907"}, []string{openAICache + ":", "expected OTLP JSON traces"}},
	} {
		_, _, err := Open(c.src, Options{})
		if err == nil {
			t.Errorf("%s: opened", c.name)
			continue
		}
		msg := err.Error()
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q; want it to say %q", c.name, msg, w)
			}
		}
		if strings.Contains(msg, "\n") {
			t.Errorf("%s: more than one line: %q", c.name, msg)
		}
	}
}
