package trace

import (
	"os"
	"strings"
	"testing"
)

// The trace picker and ctxlab traces show a trace id by its first 8 hex
// digits; --trace-id takes that start when it names one trace.
func TestTraceRequestsTakesAUniquePrefix(t *testing.T) {
	full, reqs, err := TraceRequests(oiTraces, "01c91249", "")
	if err != nil {
		t.Fatalf("--trace-id 01c91249: %v", err)
	}
	if full != "01c91249c9db3576dcf24e2996bb9907" || len(reqs) != 2 {
		t.Fatalf("got trace %s with %d requests; want 01c91249c9db3576dcf24e2996bb9907 with 2", full, len(reqs))
	}
	if full, reqs, err = TraceRequests(oiTraces, "868D", ""); err != nil || full != "868d333a5f9cba7e5c03b30a54a0f6ae" || len(reqs) != 1 {
		t.Fatalf("--trace-id 868D: trace %s, %d requests, %v", full, len(reqs), err)
	}
}

func TestTraceRequestsRefusesAnAmbiguousOrUnknownPrefix(t *testing.T) {
	data, err := os.ReadFile(oiTraces)
	if err != nil {
		t.Fatal(err)
	}
	// Two traces whose ids share their first 8 digits.
	shared := strings.ReplaceAll(string(data), "868d333a5f9cba7e5c03b30a54a0f6ae", "01c91249aaaaaaaaaaaaaaaaaaaaaaaa")
	path := writeTemp(t, "shared.jsonl", shared)
	for _, tc := range []struct{ id, want string }{
		{"01c91249", `--trace-id 01c91249 is ambiguous: 2 traces start with it (01c91249c9db3576dcf24e2996bb9907, 01c91249aaaaaaaaaaaaaaaaaaaaaaaa); expected enough digits`},
		{"beef", "holds no trace whose id starts with beef; expected one of its 2 traces"},
		{"01c", `--trace-id "01c" is not a trace id; expected 32 hex digits, or the first 4 or more of them`},
	} {
		_, _, err := TraceRequests(path, tc.id, "")
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("--trace-id %s: got %v; want one line holding %q", tc.id, err, tc.want)
		}
	}
	// A unique longer prefix still opens its trace.
	if full, _, err := TraceRequests(path, "01c91249a", ""); err != nil || full != "01c91249aaaaaaaaaaaaaaaaaaaaaaaa" {
		t.Fatalf("--trace-id 01c91249a: trace %s, %v", full, err)
	}
}
