package cli_test

import (
	"strings"
	"testing"
)

// The OpenTelemetry GenAI instrumentation writes a span's messages to
// OTLP logs: the listing's command to open a span takes --logs, and a
// span opened without it says in one line where its messages are.
func TestTracesHintTakesLogs(t *testing.T) {
	t.Parallel()
	traces, logs := traceFixtures+"otel-genai/traces.jsonl", traceFixtures+"otel-genai/logs.jsonl"
	stdout, stderr, code := run(t, "", "traces", traces)
	if code != 0 || !strings.Contains(stdout, "Open one: ctxlab assemble --request "+traces+" --span-id ID --logs LOGS\n") {
		t.Errorf("without --logs: exit %d: %s\n%s", code, stderr, stdout)
	}
	stdout, stderr, code = run(t, "", "traces", traces, "--logs", logs)
	if code != 0 || !strings.Contains(stdout, "--span-id ID --logs "+logs+"\n") {
		t.Errorf("with --logs: exit %d: %s\n%s", code, stderr, stdout)
	}
	// A file whose spans hold their messages asks for no logs.
	stdout, _, _ = run(t, "", "traces", traceFixtures+"openllmetry/traces.jsonl")
	if strings.Contains(stdout, "--logs") {
		t.Errorf("openllmetry's hint names --logs:\n%s", stdout)
	}

	_, stderr, code = run(t, "", "assemble", "--request", traces, "--span-id", "2f7ae103cc219dc6")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if code != 0 || len(lines) != 1 || !strings.Contains(lines[0], "messages in OTLP logs") || !strings.Contains(lines[0], "--logs") ||
		strings.Contains(stderr, "no user query") {
		t.Errorf("assemble without --logs: exit %d; want one warning line naming the logs and --logs, got:\n%s", code, stderr)
	}
}
