package cli_test

// ctxlab replay --trajectory TRACES [--trace-id ID] [--logs FILE] on the
// trace fixtures the real instrumentations wrote.

import (
	"encoding/json"
	"strings"
	"testing"
)

// Each turn of a trace replayed is its LLM span as listed: the count
// assemble --span-id reports, and the bill.
func TestReplayTraceID(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{oiTraceFile}, {llmetryTraceFl}, {otelTraceFile, "--logs", otelLogsFile}} {
		listed := listTraces(t, args...).Traces[0]
		replayArgs := append([]string{"replay", "--trajectory", args[0], "--trace-id", listed.TraceID, "--policy", "as-sent", "--format", "json"}, args[1:]...)
		stdout, stderr, code := run(t, "", replayArgs...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", replayArgs, code, stderr)
		}
		var rep struct {
			Turns []struct {
				Label       string `json:"label"`
				InputTokens int    `json:"input_tokens"`
				Recorded    *struct {
					InputTokens int `json:"input_tokens"`
				} `json:"recorded"`
			} `json:"turns"`
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Turns) != len(listed.Spans) {
			t.Fatalf("%v: %d turns; the trace has %d LLM spans", args, len(rep.Turns), len(listed.Spans))
		}
		for i, s := range listed.Spans {
			turn := rep.Turns[i]
			if turn.Label != "span "+s.SpanID || turn.InputTokens != *s.Counted || turn.Recorded == nil || turn.Recorded.InputTokens != *s.Billed {
				t.Errorf("%v: turn %d %+v; the listing has span %s counted %d billed %d", args, i+1, turn, s.SpanID, *s.Counted, *s.Billed)
			}
		}
	}
}

func TestReplayTraceRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--trajectory", oiTraceFile}, oiTraceFile + ": holds 2 traces; choose one with --trace-id ID (ctxlab traces " + oiTraceFile + " lists them)"},
		{[]string{"--trajectory", oiTraceFile, "--trace-id", strings.Repeat("0f", 16)}, oiTraceFile + ": holds no trace " + strings.Repeat("0f", 16)},
		{[]string{"--trajectory", otelTraceFile, "--trace-id", "a474d48f26b66432eb1286d364496f53"}, "records no message content, only usage"},
		{[]string{"--trace-id", "a474d48f26b66432eb1286d364496f53"}, "--trajectory FILE is required"},
		{[]string{"--trajectory", "-", "--trace-id", "a474d48f26b66432eb1286d364496f53"}, "--trace-id needs the traces file by name, not stdin"},
	} {
		_, stderr, code := run(t, "", append([]string{"replay"}, c.args...)...)
		if code == 0 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, %q; want one line saying %q", c.args, code, stderr, c.want)
		}
	}
}
