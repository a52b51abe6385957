package cli

import (
	"strings"
	"testing"

	"ctxlab/loaders/trace"
)

const (
	wbTraces     = "../loaders/trace/testdata/openinference/traces.jsonl"
	wbOtelTraces = "../loaders/trace/testdata/otel-genai/traces.jsonl"
	wbOtelLogs   = "../loaders/trace/testdata/otel-genai/logs.jsonl"
)

// The workbench refuses trace flags that do not go together, or a trace
// that cannot open, with one line before it takes the screen.
func TestWorkbenchTraceFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--trace-id", "01c91249c9db3576dcf24e2996bb9907"}, "--trace-id goes with --trajectory TRACES"},
		{[]string{"--traces", wbTraces, "--docs", "../sample/docs"}, "--traces opens its file's turns or spans; it goes with no other input, not --docs"},
		{[]string{"--trajectory", wbTraces, "--span-id", "bc779477e426c81e"}, "--trajectory opens its file's turns or spans; it goes with no other input, not --span-id"},
		{[]string{"--traces", wbTraces, "--trajectory", wbTraces}, "--traces and --trajectory: give one"},
		{[]string{"--traces", "-"}, "--traces needs the traces file by name, not stdin"},
		{[]string{"--trajectory", wbTraces}, wbTraces + ": holds 2 traces; choose one with --trace-id ID"},
		{[]string{"--trajectory", wbTraces, "--trace-id", "nope"}, `--trace-id "nope" is not a trace id`},
		{[]string{"--trajectory", wbTraces, "--trace-id", strings.Repeat("0f", 16)}, wbTraces + ": holds no trace " + strings.Repeat("0f", 16)},
		{[]string{"--trajectory", wbOtelTraces, "--trace-id", "a474d48f26b66432eb1286d364496f53"}, "records no message content, only usage"},
		{[]string{"--trajectory", "../sample/support_chat.yaml"}, "../sample/support_chat.yaml: is an object with no \"messages\" list; expected a VCR cassette"},
		{[]string{"--traces", "../sample/support_chat.yaml"}, "../sample/support_chat.yaml: line 1: is not JSON; expected OTLP JSON traces"},
	} {
		env := testEnv()
		env.StdoutIsTTY, env.StdinIsTTY = true, true
		err := runWorkbench(env, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v; want one line saying %q", c.args, err, c.want)
		}
	}
}

// parseWorkbench parses and checks workbench flags as runWorkbench does.
func parseWorkbench(t *testing.T, args ...string) (*workbenchFlags, *flagSet) {
	t.Helper()
	f := &workbenchFlags{}
	fs := newWorkbenchFlagSet(testEnv(), f)
	if err := parseFlags(fs, args); err != nil {
		t.Fatal(err)
	}
	if err := f.traces.check(fs, f); err != nil {
		t.Fatal(err)
	}
	return f, fs
}

// --request TRACES without --span-id, like --traces, lists the traces
// for the picker, and the picker opens a span as --request FILE
// --span-id ID does, with --logs for the official instrumentation.
func TestWorkbenchTracePickerOpensAsSpanID(t *testing.T) {
	for _, args := range [][]string{{"--request", wbTraces}, {"--traces", wbTraces}, {"--traces", wbOtelTraces, "--logs", wbOtelLogs}} {
		f, fs := parseWorkbench(t, args...)
		if f.assemble.request != "" || f.traces.traces != args[1] {
			t.Fatalf("%v: request %q, traces %q", args, f.assemble.request, f.traces.traces)
		}
		traces, err := f.traces.picker(testEnv(), fs, &f.assemble)
		if err != nil {
			t.Fatal(err)
		}
		if len(traces.Traces) != 2 || len(traces.Traces[0].LLM) != 2 {
			t.Fatalf("%v: %d traces", args, len(traces.Traces))
		}
		span := traces.Traces[0].LLM[1]
		sc, err := traces.OpenSpan(traces.Traces[0].ID, span)
		if err != nil {
			t.Fatal(err)
		}
		want, err := trace.OpenSpan(args[1], span.ID, trace.OpenOptions{Logs: f.traces.logs})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := trace.Count(sc)
		n, _ := trace.Count(want)
		if got != n || span.Counted == nil || *span.Counted != n || sc.Description != want.Description || sc.Recorded == nil || *sc.Recorded != *want.Recorded {
			t.Errorf("%v: the picker's span counts %d (%s); --span-id %s counts %d (%s)", args, got, sc.Description, span.ID, n, want.Description)
		}
	}
	// A retrieval span opens as its documents and query.
	f, fs := parseWorkbench(t, "--traces", "../loaders/trace/testdata/openinference-retrieval/traces.jsonl")
	traces, err := f.traces.picker(testEnv(), fs, &f.assemble)
	if err != nil {
		t.Fatal(err)
	}
	r := traces.Traces[0].Retrievals[0]
	sc, err := traces.OpenSpan(traces.Traces[0].ID, r)
	if err != nil || len(sc.Documents) != r.Documents || sc.Settings.Query != r.Query {
		t.Errorf("retrieval span %s: %v, %d documents, query %q", r.ID, err, len(sc.Documents), sc.Settings.Query)
	}
}

// --trajectory TRACES --trace-id ID opens the trace as replay loads it:
// its LLM spans are the turns, the last turn opens as that span's request,
// and the span's usage is the bill.
func TestWorkbenchTrajectoryTraceID(t *testing.T) {
	f, fs := parseWorkbench(t, "--trajectory", wbOtelTraces, "--trace-id", "a474d48f26b66432eb1286d364496f53", "--logs", wbOtelLogs)
	run, traj, err := f.prepareTrajectory(testEnv(), fs, f.traces.source())
	if err != nil {
		t.Fatal(err)
	}
	tr := traj.Trajectory
	if len(tr.Turns) != 2 || tr.Turns[1].Recorded == nil || tr.Turns[1].Recorded.InputTokens != 133 {
		t.Fatalf("loaded %+v", tr)
	}
	if traj.Start != 1 {
		t.Errorf("opens on turn %d; want the last, 2", traj.Start+1)
	}
	span := *f
	span.assemble.request, span.assemble.span = wbOtelTraces, spanFlags{id: "f020148a18480986", logs: wbOtelLogs}
	want, err := prepareAssembly(testEnv(), fs, &span.assemble)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := trace.Count(run.scenario)
	if n, _ := trace.Count(want.scenario); got != n || got != tr.Turns[1].InputTokens {
		t.Errorf("the turn opened counts %d; the span as --span-id opens it %d, the trajectory's last turn %d", got, n, tr.Turns[1].InputTokens)
	}
}
