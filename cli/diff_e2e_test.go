package cli_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// diffDocs are five documents of 130 heuristic tokens each, strongest
// first, as JSON lines.
func diffDocs() string {
	var b strings.Builder
	for i := range 5 {
		words := make([]string, 100)
		for w := range words {
			words[w] = fmt.Sprintf("d%d_%d", i, w)
		}
		fmt.Fprintf(&b, `{"content": %q, "score": %.1f, "source": "kb/%d.md"}`+"\n", strings.Join(words, " "), 0.9-float64(i)/10, i)
	}
	return b.String()
}

// The baseline sends all five in their relevance order; the other
// settings lower the retrieved-context budget in strict mode, so the two
// weakest go out and the third is cut.
func TestDiffOfTwoSettingsFiles(t *testing.T) {
	t.Parallel()
	docs := writeFile(t, "docs.jsonl", diffDocs())
	baseline := writeFile(t, "a.yaml", "tokenizer: heuristic\npipeline:\n  lost_in_middle: false\n  budget_mode: strict\nbudget:\n  retrieved_context: 1000\n")
	smaller := writeFile(t, "b.yaml", "tokenizer: heuristic\npipeline:\n  lost_in_middle: false\n  budget_mode: strict\nbudget:\n  retrieved_context: 400\n")

	stdout, stderr, code := run(t, "", "diff", "--docs", docs, baseline, smaller, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Same        bool `json:"same"`
		TokensSaved int  `json:"tokens_saved"`
		Documents   []struct {
			Index       int    `json:"index"`
			Change      string `json:"change"`
			PlaceBefore int    `json:"place_before"`
			PlaceAfter  int    `json:"place_after"`
		} `json:"documents"`
		Components []struct {
			Name           string `json:"name"`
			AllocatedAfter int    `json:"allocated_after"`
		} `json:"components"`
		TextChanges []struct {
			Op   string `json:"op"`
			Text string `json:"text"`
		} `json:"text_changes"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	changes := fmt.Sprint(got.Documents)
	if want := "[{3 out 4 0} {4 out 5 0} {2 cut 3 3}]"; changes != want {
		t.Errorf("documents %s, want %s", changes, want)
	}
	if got.Same || got.TokensSaved <= 260 {
		t.Errorf("same %v, saved %d", got.Same, got.TokensSaved)
	}
	added := 0
	for _, l := range got.TextChanges {
		if l.Op == "added" {
			added++
			if !strings.HasPrefix(l.Text, "d2_0 d2_1") || !strings.HasSuffix(l.Text, " [...]") {
				t.Errorf("added line %q: expected the cut copy of kb/2.md", l.Text)
			}
		}
	}
	if added != 1 {
		t.Errorf("%d lines added, want the cut copy's one", added)
	}

	text, _, code := run(t, "", "diff", "--docs", docs, baseline, smaller)
	for _, want := range []string{
		"Documents whose fate or place changed (3)",
		"  out      #4 kb/3.md (score 0.60): sent → not sent (source 4 → absent)",
		"  cut      #3 kb/2.md (score 0.70): sent → sent in part (source 3 → source 3)",
		"allocation 1,000 → 400",
		"- --- Source [5] kb/4.md ---",
	} {
		if code != 0 || !strings.Contains(text, want) {
			t.Errorf("exit %d; text report lacks %q:\n%s", code, want, text)
		}
	}
}

func TestDiffOfTheSameSettingsSaysSo(t *testing.T) {
	t.Parallel()
	docs := writeFile(t, "docs.jsonl", diffDocs())
	a := writeFile(t, "a.yaml", "tokenizer: heuristic\n")
	stdout, _, code := run(t, "", "diff", "--docs", docs, a, a)
	if code != 0 || !strings.Contains(stdout, "The two requests are the same") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

func TestDiffOfTwoScenarioFiles(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "diff", "../sample/support_chat.yaml", "../sample/document_qa.yaml")
	if code != 0 || !strings.Contains(stdout, "Baseline: ../sample/support_chat.yaml, compared with ../sample/document_qa.yaml") {
		t.Errorf("exit %d: %s\n%s", code, stderr, stdout)
	}
}

func TestDiffRefusals(t *testing.T) {
	t.Parallel()
	docs := writeFile(t, "docs.jsonl", diffDocs())
	a := writeFile(t, "a.yaml", "tokenizer: heuristic\n")
	withInput := writeFile(t, "input.yaml", "documents:\n  - content: x\n")
	badValue := writeFile(t, "bad.yaml", "pipeline:\n  dedup_threshold: 1.5\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"diff", a}, "expected two files"},
		{[]string{"diff", "--docs", docs, a, withInput}, `input.yaml: line 1, column 1: unknown key "documents" in a settings file`},
		{[]string{"diff", "--docs", docs, a, badValue}, "bad.yaml: line 2, column 20: pipeline.dedup_threshold 1.5 is outside [0, 1]"},
		{[]string{"diff", "--format", "csv", a, a}, `--format "csv": expected text, json or markdown`},
	} {
		_, stderr, code := run(t, "", tc.args...)
		if code != 1 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want one line with %q", tc.args, code, stderr, tc.want)
		}
	}
}

// The saving is the tokens saved at the model's input price, per 1,000
// requests, in whole cents; --prices replaces the price.
func TestDiffPricesTheSaving(t *testing.T) {
	t.Parallel()
	docs := writeFile(t, "docs.jsonl", diffDocs())
	baseline := writeFile(t, "a.yaml", "model: gpt-4o\ntokenizer: heuristic\nbudget:\n  retrieved_context: 1000\n")
	smaller := writeFile(t, "b.yaml", "model: gpt-4o\ntokenizer: heuristic\nbudget:\n  retrieved_context: 400\n")
	ours := writeFile(t, "prices.yaml", "source: our contract\nmodels:\n  gpt-4o: {input: 10, output: 30}\n")
	for _, tc := range []struct {
		args       []string
		perMillion float64
	}{
		{nil, 2.50},
		{[]string{"--prices", ours}, 10},
	} {
		args := append([]string{"diff", "--docs", docs, baseline, smaller, "--format", "json"}, tc.args...)
		stdout, stderr, code := run(t, "", args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var got struct {
			TokensSaved int      `json:"tokens_saved"`
			Saving      *float64 `json:"saving_per_1000_requests"`
			CostAfter   struct {
				Source string `json:"price_source"`
			} `json:"cost_after"`
		}
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatal(err)
		}
		want := float64(got.TokensSaved) * tc.perMillion / 1e6 * 1000
		if got.TokensSaved <= 0 || got.Saving == nil || math.Abs(*got.Saving-want) > 0.01 {
			t.Errorf("%v: saved %d tokens, saving %v, want %v", tc.args, got.TokensSaved, got.Saving, want)
		}
		if tc.args != nil && got.CostAfter.Source != "our contract" {
			t.Errorf("source %q", got.CostAfter.Source)
		}
	}
	text, _, _ := run(t, "", "diff", "--docs", docs, baseline, smaller)
	if !strings.Contains(text, "per 1,000 requests (input, at list prices), saves $") {
		t.Errorf("text report lacks the saving:\n%s", text)
	}
}
