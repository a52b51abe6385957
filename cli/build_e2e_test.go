package cli_test

// ctxlab build, end to end: reports, the reference JSON and input errors.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const twoDocs = `{"content": "Refunds are issued to the original payment method within five business days of approval.", "score": 0.9, "source": "kb/refunds.md"}
{"content": "REFUNDS are issued to the original   payment method within five business days of approval.", "score": 0.8, "source": "zendesk/refunds.md"}
`

// The reference's keys, plus trace, findings and cost, which sit outside them.
func TestBuildJSONHasExactlyTheReferenceKeys(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "docs.jsonl", twoDocs)
	stdout, stderr, code := run(t, "", "build", "--docs", path, "--format", "json", "--tokenizer", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	var keys []string
	for k := range out {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := "citation_map context_block cost duplicates_removed excluded_docs findings included_docs tokens_budget tokens_used trace truncated utilization_pct"
	if got := strings.Join(keys, " "); got != want {
		t.Errorf("keys = %s\nwant   %s", got, want)
	}
	var citations bytes.Buffer
	json.Compact(&citations, out["citation_map"])
	if string(out["duplicates_removed"]) != "1" || citations.String() != `{"1":"kb/refunds.md"}` {
		t.Errorf("duplicates_removed %s, citation_map %s", out["duplicates_removed"], citations.String())
	}
}

func TestBuildReadsStdin(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, twoDocs, "build", "--docs", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Pipeline  2 in → filter −0 → sort → dedup −1", "exact duplicate of #1 kb/refunds.md", "--- Source [1] kb/refunds.md --- (relevance: 0.90)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
}

func TestBuildTextSanitizesInput(t *testing.T) {
	t.Parallel()
	docs := `{"content": "evil \u001b[2J text that clears the screen when printed raw", "source": "x\u001b]0;pwned\u0007"}`
	stdout, _, code := run(t, docs, "build", "--docs", "-")
	if code != 0 || strings.ContainsRune(stdout, 0x1b) || strings.ContainsRune(stdout, 0x07) {
		t.Errorf("escape sequence reached the output (exit %d): %q", code, stdout)
	}
}

func TestBuildBadInput(t *testing.T) {
	t.Parallel()
	good := writeFile(t, "docs.jsonl", twoDocs)
	bad := writeFile(t, "bad.jsonl", "{\"content\": \"ok\"}\n{\"content\": \n")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"--docs", "/nonexistent/docs.jsonl"}, "/nonexistent/docs.jsonl"},
		{"malformed json", []string{"--docs", bad}, "bad.jsonl: line 2, column 12: invalid JSON"},
		{"negative budget", []string{"--docs", good, "--budget", "-5"}, "--budget -5 is negative"},
		{"threshold above 1", []string{"--docs", good, "--dedup-threshold", "1.5"}, "--dedup-threshold 1.5 is outside [0, 1]"},
		{"threshold below 0", []string{"--docs", good, "--dedup-threshold", "-0.1"}, "--dedup-threshold -0.1 is outside [0, 1]"},
		{"shingle size 0", []string{"--docs", good, "--shingle-size", "0"}, "--shingle-size 0 is outside [1, 10000]"},
		{"unknown tokenizer", []string{"--docs", good, "--tokenizer", "gpt2"}, "unknown tokenizer"},
		{"bad format", []string{"--docs", good, "--format", "xml"}, "expected text, json or markdown"},
		{"bad mode", []string{"--docs", good, "--budget-mode", "loose"}, "unknown budget mode"},
		{"stray argument", []string{good}, "unexpected argument"},
		{"unknown flag", []string{"--docs", good, "--bogus"}, `unknown option "--bogus" (run ctxlab build --help)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := run(t, "", append([]string{"build"}, c.args...)...)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if stdout != "" {
				t.Errorf("stdout not empty: %q", stdout)
			}
			if !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("stderr = %q, want one line containing %q", stderr, c.want)
			}
		})
	}
}

// TestReportsGroupNumbersAndPlurals: the headless reports write counts
// as they write tokens (1,200, not 1200), one thing in the singular, and
// say what --max-turns 0 does.
func TestReportsGroupNumbersAndPlurals(t *testing.T) {
	var many strings.Builder
	for i := range 1200 {
		fmt.Fprintf(&many, "{\"content\": \"document number %d says something different about item %d\", \"score\": 0.5}\n", i, i*7)
	}
	stdout, stderr, code := run(t, many.String(), "build", "--docs", "-")
	if code != 0 || !strings.Contains(stdout, "· 1,200 documents ·") || !strings.Contains(stdout, "Pipeline  1,200 in →") {
		t.Errorf("1,200 documents: exit %d, %s\n%.400s", code, stderr, stdout)
	}
	stdout, _, _ = run(t, many.String(), "assemble", "--docs", "-", "--query", "item")
	if !strings.Contains(stdout, "1,200 documents (jsonl) from stdin") || !strings.Contains(stdout, "1,200 in →") {
		t.Errorf("assemble, 1,200 documents:\n%.1200s", stdout)
	}

	one := `{"content": "Refunds are issued to the original payment method within five business days.", "score": 0.9}`
	stdout, _, _ = run(t, one, "build", "--docs", "-")
	if !strings.Contains(stdout, "· 1 document ·") {
		t.Errorf("one document:\n%.300s", stdout)
	}

	stdout, _, _ = run(t, twoDocs, "build", "--docs", "-", "--history", "../sample/history/support_chat.json", "--max-turns", "0")
	if !strings.Contains(stdout, "last 0 turns: 30 of 30 messages)\n  note: --max-turns 0 keeps the whole history, as the reference's memory[-0:] slice does") {
		t.Errorf("--max-turns 0 without its note:\n%s", stdout[strings.Index(stdout, "Memory ("):])
	}

	// The rolling summary's two counts say what each counts.
	stdout, _, _ = run(t, "", "assemble", "--memory", "summary")
	if !regexp.MustCompile(`rolling summary: \d+ folds, the summary text \d+ tokens\n  note: \d+ folds folded \d+ messages into the summary; its \[Conversation summary: …\] line takes \d+ tokens with the brackets\n`).MatchString(stdout) {
		t.Errorf("rolling summary lines:\n%s", stdout)
	}

	// One chunk: one chunk summary.
	stdout, _, _ = run(t, "A short contract. It has one paragraph about refunds within 30 days.", "longdoc", "-", "--run")
	if strings.Contains(stdout, "1 chunk summaries") || !strings.Contains(stdout, "the chunk summary") {
		t.Errorf("one chunk:\n%s", stdout)
	}
}

// TestBuildHeaderSaysTheBudgetIsTheDefault: build's default budget is not
// the workbench's, so a header without --budget says where the figure
// comes from, and one with --budget does not.
func TestBuildHeaderSaysTheBudgetIsTheDefault(t *testing.T) {
	t.Parallel()
	docs := "../sample/docs/support_kb.jsonl"
	stdout, _, code := run(t, "", "build", "--docs", docs)
	if code != 0 || !strings.Contains(stdout, "budget 4,000 (the default; the workbench budgets with its preset's allocation for the retrieved context)") {
		t.Errorf("default budget: exit %d, %q", code, firstLine(stdout))
	}
	stdout, _, code = run(t, "", "build", "--docs", docs, "--budget", "1550")
	if code != 0 || !strings.Contains(stdout, "budget 1,550 · ") || strings.Contains(firstLine(stdout), "default") {
		t.Errorf("--budget 1550: exit %d, %q", code, firstLine(stdout))
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
