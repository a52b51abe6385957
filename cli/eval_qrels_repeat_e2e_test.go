package cli_test

import (
	"strings"
	"testing"
)

// TestEvalWarnsOfRepeatedJudgments: eval tells a query and document judged
// twice on stderr, with the file, both lines and both grades, and still
// reports; --strict-qrels makes it an error in one line.
func TestEvalWarnsOfRepeatedJudgments(t *testing.T) {
	t.Parallel()
	runFile := writeFile(t, "run.jsonl", `{"qid": "a", "query": "refunds", "docs": [{"id": "x", "text": "Refunds go back to the card within five business days.", "score": 2}]}`+"\n")
	qrels := writeFile(t, "qrels.tsv", "query-id\tcorpus-id\tscore\na\tx\t1\na\tx\t0\n")
	stdout, stderr, code := run(t, "", "eval", "--run", runFile, "--qrels", qrels, "--tokenizer", "heuristic")
	want := "ctxlab: warning: " + qrels + `: line 3: query "a" document "x" judged again: relevance 0, where line 2 gave 1; the last judgment counts (--strict-qrels refuses the file)` + "\n"
	if code != 0 || stderr != want || !strings.Contains(stdout, "Context recall") {
		t.Errorf("exit %d, stderr %q; want %q", code, stderr, want)
	}
	_, stderr, code = run(t, "", "eval", "--run", runFile, "--qrels", qrels, "--tokenizer", "heuristic", "--strict-qrels")
	wantErr := qrels + `: line 3: query "a" document "x" judged again: relevance 0, where line 2 gave 1; expected one judgment per query and document`
	if code != 1 || !strings.Contains(stderr, wantErr) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("--strict-qrels: exit %d, stderr %q; want one line with %q", code, stderr, wantErr)
	}
}
