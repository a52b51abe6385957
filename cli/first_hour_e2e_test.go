package cli_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// supportChat is the bundled sample the workbench opens first.
const supportChat = "../sample/support_chat.yaml"

// budgetCounts is the builder's verdict in build's pipeline line and in
// assemble's retrieved-context line: "11 included, 1 partial, 0
// summarized, 38 excluded".
var budgetCounts = regexp.MustCompile(`\d+ included, \d+ partial, \d+ summarized, \d+ excluded`)

// Build and sweep run the pipeline on a scenario as assemble and the
// workbench do: its documents, its settings, its retrieved-context
// allocation as the budget, and the flags given over them.
func TestBuildAndSweepTakeAScenario(t *testing.T) {
	t.Parallel()
	for _, extra := range [][]string{nil, {"--dedup-threshold", "0.7"}, {"--min-doc-tokens", "150"}} {
		args := append([]string{"--scenario", supportChat}, extra...)
		built, stderr, code := run(t, "", append([]string{"build"}, args...)...)
		if code != 0 {
			t.Fatalf("build %v: exit %d: %s", extra, code, stderr)
		}
		assembled, stderr, code := run(t, "", append([]string{"assemble"}, args...)...)
		if code != 0 {
			t.Fatalf("assemble %v: exit %d: %s", extra, code, stderr)
		}
		b, a := budgetCounts.FindString(built), budgetCounts.FindString(assembled)
		if b == "" || b != a {
			t.Errorf("%v: build's budget %q, assemble's %q: expected the same documents", extra, b, a)
		}
	}
	built, _, _ := run(t, "", "build", "--scenario", supportChat)
	if want := "support_chat.yaml (scenario) · 60 documents · tokenizer o200k_base · budget 1,550 (the scenario's retrieved-context allocation)"; !strings.Contains(built, want) {
		t.Errorf("build's header: expected %q in\n%s", want, firstLine(built))
	}
	built, _, _ = run(t, "", "build", "--scenario", supportChat, "--budget", "3000")
	if !strings.Contains(firstLine(built), "budget 3,000 · reference mode") {
		t.Errorf("--budget 3000 beside --scenario: expected it to override the allocation:\n%s", firstLine(built))
	}
	swept, stderr, code := run(t, "", "sweep", "--scenario", supportChat, "--knob", "top-k", "--format", "text")
	if code != 0 {
		t.Fatalf("sweep: exit %d: %s", code, stderr)
	}
	if want := "over 60 documents from ../sample/support_chat.yaml, budget 1,550 tokens"; !strings.Contains(swept, want) {
		t.Errorf("sweep's header: expected %q in\n%s", want, firstLine(swept))
	}
}

func TestBuildScenarioRefusals(t *testing.T) {
	t.Parallel()
	outside := filepath.Join(t.TempDir(), "downloads", "s.yaml")
	if err := os.MkdirAll(filepath.Dir(outside), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(outside, []byte("documents: ../docs.jsonl\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "--scenario", supportChat, "--docs", "x.jsonl"}, "--docs and --scenario: give one input"},
		{[]string{"sweep", "--scenario", supportChat, "--per-paragraph"}, "--per-paragraph and --scenario"},
		{[]string{"build", "--scenario", outside}, "--allow-outside allows it"},
		{[]string{"build", "--scenario", "no-such.yaml"}, "no-such.yaml"},
	} {
		_, stderr, code := run(t, "", tc.args...)
		if code != 1 || !strings.Contains(stderr, tc.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q: expected 1 and one line with %q", tc.args, code, stderr, tc.want)
		}
	}
}

// diff --set compares the input as it is with the same input changed,
// as two settings files saying the same would.
func TestDiffSetIsTwoSettingsFiles(t *testing.T) {
	t.Parallel()
	docs := writeFile(t, "docs.jsonl", diffDocs())
	scenario := writeFile(t, "s.yaml", "name: s\ntokenizer: heuristic\ndocuments: "+docs+"\npipeline:\n  lost_in_middle: false\n  budget_mode: strict\nbudget:\n  retrieved_context: 1000\n")
	same := writeFile(t, "a.yaml", "tokenizer: heuristic\n")
	changed := writeFile(t, "b.yaml", "budget:\n  retrieved_context: 400\npipeline:\n  top_k: 4\n")

	byFiles, stderr, code := run(t, "", "diff", "--scenario", scenario, "--allow-outside", same, changed)
	if code != 0 {
		t.Fatalf("diff of files: exit %d: %s", code, stderr)
	}
	bySet, stderr, code := run(t, "", "diff", "--scenario", scenario, "--allow-outside", "--set", "rag-budget=400", "--set", "top-k=4")
	if code != 0 {
		t.Fatalf("diff --set: exit %d: %s", code, stderr)
	}
	if want := "Baseline: the input's own settings, compared with rag-budget=400, top-k=4\n"; !strings.HasPrefix(bySet, want) {
		t.Errorf("diff --set's first line: expected %q, got %q", want, firstLine(bySet))
	}
	rest := func(s string) string { _, r, _ := strings.Cut(s, "\n"); return r }
	if rest(byFiles) != rest(bySet) {
		t.Errorf("diff --set differs from the same change in a settings file:\n--- files\n%s\n--- --set\n%s", byFiles, bySet)
	}
	if !strings.Contains(bySet, "(score 0.60)") {
		t.Errorf("expected scores with two decimals:\n%s", bySet)
	}
}

func TestDiffSetRefusals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--set", "dedup-treshold=0.7"}, `no setting is named "dedup-treshold"; did you mean dedup-threshold?`},
		{[]string{"--set", "dedup=0.7"}, "did you mean dedup-threshold or dedup-key?"},
		{[]string{"--set", "dedup-threshold=1.7"}, "dedup-threshold 1.7 is outside [0, 1]"},
		{[]string{"--set", "top-k=many"}, `top-k "many" is not a whole number`},
		{[]string{"--set", "top-k"}, "expected NAME=VALUE"},
		{[]string{"--set", "top-k=3", "a.yaml"}, "give it no settings or scenario files"},
		{[]string{"--set", "tokenizer=nope"}, "tokenizer"},
	} {
		_, stderr, code := run(t, "", append([]string{"diff"}, tc.args...)...)
		if code != 1 || !strings.Contains(stderr, tc.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("diff %v: exit %d, stderr %q: expected 1 and one line with %q", tc.args, code, stderr, tc.want)
		}
	}
}
