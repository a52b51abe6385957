package trace

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// listSerially is the listing made without the workers: every span read,
// summarized and gathered in turn, on this goroutine.
func listSerially(t *testing.T, path string, opts ListOptions) []TraceSummary {
	t.Helper()
	var idx listIndex
	if err := Scan(path, func(sp *Span) error {
		it, err := itemOf(path, sp, opts)
		idx.add(&it)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return idx.traces()
}

// TestListTracesWorkersAgree: the listing is the same whatever the number
// of workers, and the same as reading the file span by span, on every
// fixture and on a file of many traces.
func TestListTracesWorkersAgree(t *testing.T) {
	logs, err := ReadLogs(otelLogs)
	if err != nil {
		t.Fatal(err)
	}
	large, _ := largeTraceFile(t, 300)
	cases := []struct {
		path string
		opts ListOptions
	}{
		{otelTraces, ListOptions{}},
		{otelTraces, ListOptions{Logs: logs}},
		{oiTraces, ListOptions{}},
		{oiBody, ListOptions{}},
		{llmetryTraces, ListOptions{}},
		{indexedTraces, ListOptions{}},
		{"testdata/openinference-retrieval/traces.jsonl", ListOptions{}},
		{large, ListOptions{}},
	}
	for _, c := range cases {
		want := listSerially(t, c.path, c.opts)
		if len(want) == 0 {
			t.Fatalf("%s: no traces", c.path)
		}
		for _, workers := range []int{1, 2, 7} {
			got, err := listTraces(c.path, c.opts, workers)
			if err != nil {
				t.Fatalf("%s, %d workers: %v", c.path, workers, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %d workers: the listing differs from the one read span by span", c.path, workers)
			}
		}
	}
	// The large file's traces are each of their own copy, counted.
	got, _ := ListTraces(large, ListOptions{})
	if len(got) < 100 {
		t.Fatalf("%d traces in the large file; expected 100 or more", len(got))
	}
	counts := map[int]bool{}
	for _, tr := range got {
		for _, s := range tr.LLM {
			if s.Counted == nil {
				t.Fatalf("trace %s span %s not counted: %s", tr.TraceID, s.SpanID, s.Note)
			}
			counts[*s.Counted] = true
		}
	}
	if len(counts) < 10 {
		t.Errorf("%d distinct counts over the large file's spans; expected each trace's own question and tool result to count differently", len(counts))
	}
}

// TestListTracesFirstBadLine: with several bad lines, the listing's error
// names the first, as a reading line by line does, however many workers
// decode lines ahead of it.
func TestListTracesFirstBadLine(t *testing.T) {
	large, _ := largeTraceFile(t, 300)
	data, err := os.ReadFile(large)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	lines[40] = `{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "zz"}]}]}]}`
	lines[41] = `{"resourceSpans": 3}`
	lines[90] = `not json`
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := Scan(path, func(*Span) error { return nil })
	if want == nil || !strings.Contains(want.Error(), "line 41:") {
		t.Fatalf("reading span by span: %v; expected an error at line 41", want)
	}
	for _, workers := range []int{1, 2, 7} {
		_, err := listTraces(path, ListOptions{}, workers)
		if err == nil || err.Error() != want.Error() {
			t.Errorf("%d workers: %v; expected %v", workers, err, want)
		}
	}
}
