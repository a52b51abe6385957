package cli_test

import (
	"encoding/csv"
	"strings"
	"testing"
)

const sampleKB = "../sample/docs/support_kb.jsonl"

// sweepCSV runs sweep with args in CSV and returns its rows and stderr.
func sweepCSV(t *testing.T, args ...string) ([][]string, string) {
	t.Helper()
	stdout, stderr, code := run(t, "", append([]string{"sweep", "--docs", sampleKB, "--tokenizer", "heuristic", "--format", "csv"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows, stderr
}

// A top-k past the 60 documents sweeps 0 to 60, the last row current,
// and says so on stderr; it asked for twice the value before, which at
// 2^31 ran out of memory.
func TestSweepTopKPastTheDocumentsIsClamped(t *testing.T) {
	t.Parallel()
	for _, topK := range []string{"100000", "2147483647", "9223372036854775807"} {
		rows, stderr := sweepCSV(t, "--knob", "top-k", "--top-k", topK)
		last := rows[len(rows)-1]
		if len(rows) != 62 || last[0] != "60" || last[len(last)-1] != "true" {
			t.Fatalf("--top-k %s: %d rows, last %v; want 0 to 60, 60 current", topK, len(rows), last)
		}
		if !strings.Contains(stderr, "note: the top-k sweep stops at 60: ") || !strings.Contains(stderr, "past the 60 documents") {
			t.Errorf("--top-k %s: stderr %q", topK, stderr)
		}
	}
	// Within the documents nothing is said, and the sweep stops at them.
	rows, stderr := sweepCSV(t, "--knob", "top-k", "--top-k", "40")
	if len(rows) != 62 || rows[len(rows)-1][0] != "60" || stderr != "" {
		t.Errorf("--top-k 40: %d rows, last %v, stderr %q", len(rows), rows[len(rows)-1], stderr)
	}
}

// A budget of 2^63-1 is clamped to the tokens every document takes,
// where every document kept is sent; doubling it overflowed to a negative
// budget.
func TestSweepBudgetNearTheLargestIntIsNotOverflowed(t *testing.T) {
	t.Parallel()
	rows, stderr := sweepCSV(t, "--knob", "rag-budget", "--budget", "9223372036854775807", "--budget-mode", "strict")
	last := rows[len(rows)-1]
	if last[3] != last[1] || last[len(last)-1] != "true" || len(rows) > 60 {
		t.Errorf("%d rows, last %v; want every document sent at the last, current row", len(rows), last)
	}
	if !strings.Contains(stderr, "note: the rag-budget sweep stops at ") || !strings.Contains(stderr, "9,223,372,036,854,775,807 is past the ") {
		t.Errorf("stderr %q", stderr)
	}
}

// eval's sweep is bounded alike: by the most documents a query retrieved
// and the bytes of the largest query's documents.
func TestEvalSweepPastItsBoundsIsClamped(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--sweep", "budget", "--budget", "9223372036854775807"}, {"--sweep", "top-k", "--top-k", "2147483647"}} {
		stdout, stderr, code := run(t, "", append(append(append([]string{}, sampleEvalArgs...), args...), "--format", "csv")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
		if err != nil || len(rows) > 103 || rows[len(rows)-1][len(rows[0])-1] != "true" {
			t.Fatalf("%v: %v, %d rows, last %v", args, err, len(rows), rows[len(rows)-1])
		}
		if !strings.Contains(stderr, "sweep stops at") {
			t.Errorf("%v: stderr %q", args, stderr)
		}
	}
}

// A fixed range keeps its values; a current value far past it is marked
// at its last row and written as given, where 2^63-1 as a float was a tie
// between 0 and 100 and overflowed back to a negative number.
func TestSweepMarksAValuePastAFixedRange(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "sweep", "--docs", sampleKB, "--tokenizer", "heuristic", "--knob", "min-doc-tokens", "--min-doc-tokens", "9223372036854775807")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "\n>  100 ") || !strings.Contains(stdout, "> marks the current value, 9,223,372,036,854,775,807.") {
		t.Errorf("the current value is not marked at 100 nor written as given:\n%s", stdout)
	}
}
