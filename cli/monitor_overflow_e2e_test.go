package cli_test

import (
	"strings"
	"testing"
)

// TestMonitorRefusesOverflowingCounts: records whose counts would overflow
// the totals (two of 5e18, one of int64's largest) are refused with the
// line named, in text and JSON, instead of a negative total or average.
func TestMonitorRefusesOverflowingCounts(t *testing.T) {
	t.Parallel()
	record := func(total string) string {
		return `{"request_id":"r","use_case":"chat","total_input_tokens":` + total +
			`,"system_tokens":1,"history_tokens":1,"rag_tokens":1,"tool_tokens":0,"query_tokens":1,"budget_utilization":0.5,"truncated_components":[],"timestamp":"2026-01-01T00:00:00Z"}` + "\n"
	}
	for name, log := range map[string]string{
		"two of 5e18":  record("5000000000000000000") + record("5000000000000000000"),
		"int64 max":    record("9223372036854775807"),
		"past int64":   record("9223372036854775808"),
		"a normal one": record("1200"),
	} {
		path := writeFile(t, "metrics.jsonl", log)
		for _, format := range []string{"text", "json"} {
			stdout, stderr, code := run(t, "", "monitor", path, "--format", format)
			if name == "a normal one" {
				if code != 0 || !strings.Contains(stdout, "1,200") && !strings.Contains(stdout, `"total_input_tokens": 1200`) {
					t.Errorf("%s (%s): exit %d, %s", name, format, code, stderr)
				}
				continue
			}
			if code != 1 || !strings.Contains(stderr, "metrics.jsonl: line 1: invalid metrics record: field \"total_input_tokens\"") || stdout != "" {
				t.Errorf("%s (%s): exit %d, stdout %q, stderr %q; want a refusal of line 1", name, format, code, stdout, stderr)
			}
		}
	}
}

// TestHugeScoreKeepsTheTableAligned: a score of 1e29 is written 1e+29,
// not as 33 digits that push the columns out of line.
func TestHugeScoreKeepsTheTableAligned(t *testing.T) {
	t.Parallel()
	docs := writeFile(t, "docs.jsonl", `{"content":"refund policy text here for testing purposes","score":1e29,"source":"a"}`+"\n"+
		`{"content":"another document entirely with other words","score":0.5,"source":"b"}`+"\n")
	stdout, stderr, code := run(t, "", "build", "--docs", docs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rows []string
	for _, line := range strings.Split(stdout, "\n") {
		if strings.Contains(line, "included    #") {
			rows = append(rows, line)
		}
	}
	if len(rows) != 2 || !strings.Contains(rows[0], " 1e+29 ") || strings.Index(rows[0], "#1") != strings.Index(rows[1], "#2") {
		t.Errorf("the final order's rows:\n%s", strings.Join(rows, "\n"))
	}
}
