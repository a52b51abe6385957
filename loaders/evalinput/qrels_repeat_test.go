package evalinput

import (
	"strings"
	"testing"

	"ctxlab/loaders/internal/loadertest"
)

// TestQrelsRepeatedJudgmentsAreReported: a query and document judged twice
// is a warning naming the file, both lines and both grades (the last line
// still wins), or, with StrictQrels, an error.
func TestQrelsRepeatedJudgmentsAreReported(t *testing.T) {
	t.Parallel()
	paths := loadertest.EvalFiles(t, map[string]string{
		"run.jsonl": `{"qid": "a", "query": "refunds", "docs": [{"id": "x", "text": "one two"}, {"id": "y", "text": "three"}]}` + "\n",
		"qrels":     "a 0 x 2\na 0 y 1\na 0 x 0\na 0 y 1\n",
	})
	files := Files{Run: paths["run.jsonl"], Qrels: paths["qrels"]}
	var warnings []string
	set, err := LoadWith(files, Options{Warn: func(w string) { warnings = append(warnings, w) }})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		paths["qrels"] + `: line 3: query "a" document "x" judged again: relevance 0, where line 1 gave 2; the last judgment counts (--strict-qrels refuses the file)`,
		paths["qrels"] + `: line 4: query "a" document "y" judged again: relevance 1, where line 2 gave 1; the last judgment counts (--strict-qrels refuses the file)`,
	}
	if strings.Join(warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(want, "\n"))
	}
	if q := set.Queries[0]; q.Relevant("x") || !q.Relevant("y") {
		t.Errorf("relevance %v; the last line wins", q.Relevance)
	}

	_, err = LoadWith(files, Options{StrictQrels: true})
	wantErr := paths["qrels"] + `: line 3: query "a" document "x" judged again: relevance 0, where line 1 gave 2; expected one judgment per query and document`
	if err == nil || err.Error() != wantErr {
		t.Errorf("strict: %v; want %q", err, wantErr)
	}
}

// TestQrelsRepeatedWarningsAreCapped: a file of many repeats gives a few
// warnings and a count, not a line of stderr per repeat.
func TestQrelsRepeatedWarningsAreCapped(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for range 1000 {
		b.WriteString("a 0 x 1\n")
	}
	paths := loadertest.EvalFiles(t, map[string]string{
		"run.jsonl": `{"qid": "a", "query": "refunds", "docs": [{"id": "x", "text": "one two"}]}` + "\n",
		"qrels":     b.String(),
	})
	var warnings []string
	if _, err := LoadWith(Files{Run: paths["run.jsonl"], Qrels: paths["qrels"]}, Options{Warn: func(w string) { warnings = append(warnings, w) }}); err != nil {
		t.Fatal(err)
	}
	last := paths["qrels"] + ": 989 more judgments repeat an earlier line's query and document"
	if len(warnings) != maxQrelsWarnings+1 || warnings[len(warnings)-1] != last {
		t.Errorf("%d warnings, last %q; want %d and %q", len(warnings), warnings[len(warnings)-1], maxQrelsWarnings+1, last)
	}
}
