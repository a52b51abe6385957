package cli_test

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// The sweep's point at the current threshold is the plain run's
// aggregate (see TestEvalSampleContextRecall: recall 22.5 / 27, six
// relevant documents lost); at 0.50 a looser threshold strikes one more
// relevant document out as a near duplicate.
func TestEvalSweepOfTheDedupThresholdOverTheSample(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", append(sampleEvalArgs, "--sweep", "dedup-threshold", "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Knob    string  `json:"knob"`
		Current float64 `json:"current"`
		Queries int     `json:"queries"`
		Points  []struct {
			Value         float64        `json:"value"`
			ContextRecall *float64       `json:"context_recall"`
			RelevantLost  map[string]int `json:"relevant_lost"`
			RelevantSent  int            `json:"relevant_sent"`
			TokensUsed    int            `json:"tokens_used"`
		} `json:"points"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if out.Knob != "dedup-threshold" || out.Current != 0.85 || out.Queries != 29 || len(out.Points) != 51 {
		t.Fatalf("knob %s at %v over %d queries, %d points; want dedup-threshold at 0.85, 29 queries, 51 points", out.Knob, out.Current, out.Queries, len(out.Points))
	}
	at := func(v float64) int {
		for i, p := range out.Points {
			if p.Value == v {
				return i
			}
		}
		t.Fatalf("no point at %v", v)
		return 0
	}
	cur := out.Points[at(0.85)]
	if cur.ContextRecall == nil || math.Abs(*cur.ContextRecall-20.0/27) > 1e-12 || cur.RelevantSent != 22 || cur.RelevantLost["budget"] != 5 {
		t.Errorf("at 0.85: recall %v, %d relevant sent, lost %v; want the plain run's 20/27, 22, 5 to the budget", cur.ContextRecall, cur.RelevantSent, cur.RelevantLost)
	}
	loose := out.Points[at(0.5)]
	if loose.RelevantSent != 24 || loose.TokensUsed >= cur.TokensUsed {
		t.Errorf("at 0.50: %d relevant sent, %d tokens; want 24 and fewer than %d", loose.RelevantSent, loose.TokensUsed, cur.TokensUsed)
	}

	text, stderr, code := run(t, "", append(sampleEvalArgs, "--sweep", "budget")...)
	if code != 0 {
		t.Fatalf("text: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Sweep of --rag-budget over 29 queries", ">  1,000", "context recall", "at 0, 22 more relevant documents lost across 29 queries, 100% fewer tokens"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}

	// 0 to 100 in steps of 2, and the default 5 between them: 52 rows.
	csvOut, stderr, code := run(t, "", append(sampleEvalArgs, "--sweep", "min-doc-tokens", "--format", "csv")...)
	if code != 0 {
		t.Fatalf("csv: exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil || len(rows) != 53 || rows[0][0] != "min-doc-tokens" || rows[0][1] != "context_recall" {
		t.Fatalf("csv: %v, %d rows, header %v", err, len(rows), rows[0])
	}
	current := 0
	for _, r := range rows[1:] {
		if r[len(r)-1] == "true" {
			current++
			if r[0] != "5" {
				t.Errorf("the current row is at %s, want 5", r[0])
			}
		}
	}
	if current != 1 {
		t.Errorf("%d current rows, want 1", current)
	}
}

func TestEvalSweepRefusesAKnobItCannotSweep(t *testing.T) {
	t.Parallel()
	_, stderr, code := run(t, "", append(sampleEvalArgs, "--sweep", "shingle-size")...)
	if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, `--sweep "shingle-size" cannot be swept (expected dedup-threshold, `) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestEvalSweepSaysAKnobTakesNoValues(t *testing.T) {
	t.Parallel()
	_, stderr, code := run(t, "", append(sampleEvalArgs, "--sweep", "dedup-threshold=0.5,0.9")...)
	want := `--sweep "dedup-threshold=0.5,0.9": give the knob's name alone (dedup-threshold); a sweep runs its own range of values around the current one`
	if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
