package trace_test

import (
	"strings"
	"testing"

	_ "ctxlab/loaders/langfuse"
	_ "ctxlab/loaders/langsmith"
	"ctxlab/loaders/trace"
)

// LangSmith and Langfuse name traces by UUID; --trace-id takes the id as
// ctxlab traces prints it (with its dashes), its digits alone, and a
// unique start of either.
func TestTraceRequestsTakesUUIDTraceIDs(t *testing.T) {
	const smith, fuse = "../langsmith/testdata/runs.jsonl", "../langfuse/testdata/observations.jsonl"
	for _, tc := range []struct{ path, id, want string }{
		{smith, "01a2496c-ec85-7000-8000-039cebb0c0f2", "01a2496c-ec85-7000-8000-039cebb0c0f2"},
		{smith, "01A2496CEC857000800003 9CEBB0C0F2", ""},
		{smith, "01a2496cec8570008000039cebb0c0f2", "01a2496c-ec85-7000-8000-039cebb0c0f2"},
		{smith, "01a2496c-ec85", "01a2496c-ec85-7000-8000-039cebb0c0f2"},
		{smith, "01a2496cee7e", "01a2496c-ee7e-7000-8000-016d5f548849"},
		{fuse, "03b5233d-f379-4637-8eb6-00528a4fb44c", "03b5233d-f379-4637-8eb6-00528a4fb44c"},
		{fuse, "4238", "4238261a-f14d-447d-a0eb-af16b9469293"},
	} {
		got, reqs, err := trace.TraceRequests(tc.path, tc.id, "")
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), "is not a trace id") {
				t.Errorf("%s --trace-id %q: got %v; want it refused as not a trace id", tc.path, tc.id, err)
			}
			continue
		}
		if err != nil || got != tc.want || len(reqs) == 0 {
			t.Errorf("%s --trace-id %s: trace %q, %d requests, %v; want trace %s", tc.path, tc.id, got, len(reqs), err, tc.want)
		}
	}
	_, _, err := trace.TraceRequests(smith, "01a2496c", "")
	if err == nil || !strings.Contains(err.Error(), "is ambiguous: 4 traces start with it") {
		t.Errorf("--trace-id 01a2496c: got %v; want it refused as ambiguous", err)
	}
}
