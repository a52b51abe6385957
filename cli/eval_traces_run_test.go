package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// eval --run reads a traces file's retrieval spans directly, as the run
// ctxlab traces FILE --format run writes: the same queries, documents
// and figures, and a traces file with no retrieval span is one line.
func TestEvalRunReadsATracesFile(t *testing.T) {
	t.Parallel()
	const traces = "../loaders/trace/testdata/openinference-retrieval/traces.jsonl"
	runJSONL, _, code := run(t, "", "traces", traces, "--format", "run")
	if code != 0 {
		t.Fatalf("traces --format run exited %d", code)
	}
	written := filepath.Join(t.TempDir(), "run.jsonl")
	if err := os.WriteFile(written, []byte(runJSONL), 0o644); err != nil {
		t.Fatal(err)
	}
	want, _, code := run(t, "", "eval", "--run", written, "--format", "json")
	if code != 0 {
		t.Fatalf("eval of the written run exited %d", code)
	}
	got, stderr, code := run(t, "", "eval", "--run", traces, "--format", "json")
	if code != 0 {
		t.Fatalf("eval --run TRACES exited %d: %s", code, stderr)
	}
	if strings.ReplaceAll(got, traces, "RUN") != strings.ReplaceAll(want, written, "RUN") {
		t.Errorf("eval --run TRACES differs from eval of its --format run:\n%s\n---\n%s", got, want)
	}

	_, stderr, code = run(t, "", "eval", "--run", "../loaders/trace/testdata/openinference/traces.jsonl")
	if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "no retrieval spans") {
		t.Errorf("a traces file without retrieval spans: exit %d, %q", code, stderr)
	}
}
