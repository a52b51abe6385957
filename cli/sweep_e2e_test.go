package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// nearPair is two documents whose 5-word shingles overlap 5 of 7: Jaccard
// 0.714..., so the copy is removed up to a threshold of 0.71 and kept
// from 0.72.
const nearPair = `{"content": "one two three four five six seven eight nine ten", "score": 0.9, "source": "a.md"}
{"content": "one two three four five six seven eight nine eleven", "score": 0.8, "source": "b.md"}
`

func TestSweepCSVFindsTheThresholdOfANearPair(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "docs.jsonl", nearPair)
	stdout, stderr, code := run(t, "", "sweep", "--docs", path, "--tokenizer", "heuristic", "--min-doc-tokens", "0", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if lines[0] != "dedup-threshold,documents_kept,duplicates_removed,documents_sent,tokens_used,score_sent,current" || len(lines) != 52 {
		t.Fatalf("header %q, %d lines", lines[0], len(lines))
	}
	for _, want := range []string{"0.71,1,1,1,", "0.72,2,0,2,", "0.85,2,0,2,"} {
		if !strings.Contains(stdout, "\n"+want) {
			t.Errorf("no row starting %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stdout, "\n0.85,2,0,2,") || !strings.HasSuffix(lines[36], ",true") {
		t.Errorf("the current value 0.85 is not marked: %q", lines[36])
	}
}

func TestSweepJSONAndText(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "docs.jsonl", nearPair)
	stdout, stderr, code := run(t, "", "sweep", "--knob", "rag-budget", "--budget", "20", "--docs", path, "--tokenizer", "heuristic", "--min-doc-tokens", "0", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Knob    string
		Current float64
		Points  []struct {
			Value  float64
			Sent   int `json:"documents_sent"`
			Tokens int `json:"tokens_used"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if out.Knob != "rag-budget" || out.Current != 20 || out.Points[0].Value != 0 || out.Points[0].Sent != 0 {
		t.Errorf("knob %q, current %v, first point %+v", out.Knob, out.Current, out.Points[0])
	}
	if last := out.Points[len(out.Points)-1]; last.Sent != 2 {
		t.Errorf("at budget %v, %d documents sent, want both", last.Value, last.Sent)
	}

	stdout, stderr, code = run(t, "", "sweep", "--docs", path, "--tokenizer", "heuristic", "--min-doc-tokens", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Sweep of --dedup-threshold over 2 documents", ">  0.85", "duplicates removed  █"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, stdout)
		}
	}
}

func TestSweepRefusesAKnobItCannotSweep(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "docs.jsonl", nearPair)
	_, stderr, code := run(t, "", "sweep", "--knob", "shingle-size", "--docs", path)
	if code != 1 || !strings.Contains(stderr, `--knob "shingle-size" cannot be swept (expected dedup-threshold, min-doc-tokens, top-k, rag-budget)`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
