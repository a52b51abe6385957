package cli_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"ctxlab/internal/testcorpus"
)

// reportPage writes ctxlab report's page for args and returns it. The
// page for the same args is written once and shared: several tests read
// different parts of the same page.
func reportPage(t *testing.T, args ...string) string {
	t.Helper()
	reportPages.Lock()
	page, ok := reportPages.m[strings.Join(args, "\x00")]
	if !ok {
		page = sync.OnceValues(func() (string, error) { return writeReportPage(t, args) })
		reportPages.m[strings.Join(args, "\x00")] = page
	}
	reportPages.Unlock()
	text, err := page()
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// reportPages holds each page reportPage wrote, by its args.
var reportPages = struct {
	sync.Mutex
	m map[string]func() (string, error)
}{m: map[string]func() (string, error){}}

// writeReportPage runs ctxlab report for args into a folder of its own.
func writeReportPage(t *testing.T, args []string) (string, error) {
	dir, err := os.MkdirTemp("", "ctxlab-report")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "r.html")
	if _, stderr, code := run(t, "", append([]string{"report", "--out", out}, args...)...); code != 0 {
		return "", fmt.Errorf("report %v: exit %d: %s", args, code, stderr)
	}
	data, err := os.ReadFile(out)
	return string(data), err
}

// TestReportSaysWhatItMeans: the sample's page says what its worst
// finding means for an answer, quoting the facts; its settings and
// components carry hover texts; the glossary holds the words a newcomer
// asked about.
func TestReportSaysWhatItMeans(t *testing.T) {
	page := reportPage(t)
	for _, want := range []string{
		"<strong>What it means:</strong> The model may answer “30 days” where the better document says “60 days”",
		`<span title="builder: What turns the retrieved documents`,
		`title="assembler&#39;s headings: The short headings`,
		`<details id="glossary">`,
		"<dt>raw</dt>", "<dt>lost-in-the-middle</dt>", "<dt>reference mode</dt>", "<dt>measure</dt>", "o200k_base is the tokenizer",
		`<h3 class="fixgroup">Fixes that settle it</h3>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the sample's page lacks %q", want)
		}
	}
	md, _, _ := run(t, "", "assemble", "--format", "markdown")
	if !strings.Contains(md, "**What it means:** The model may answer “30 days”") || !strings.Contains(md, "<details><summary>Words used in this report</summary>") {
		t.Errorf("markdown lacks the impact line or the glossary:\n%.1500s", md)
	}
}

// TestReportOverflowRanksFixes: in the overflowing sample's page the
// fixes that leave the request over come last under their own heading,
// marked, and the fix that fits by one token is flagged as leaving no
// margin.
func TestReportOverflowRanksFixes(t *testing.T) {
	page := reportPage(t, "--scenario", "../sample/overflow.yaml")
	settle := strings.Index(page, "Fixes that settle it")
	over := strings.Index(page, "Fixes that leave the request over its max input")
	if settle < 0 || over < settle {
		t.Fatalf("fix groups out of order: settle at %d, over at %d", settle, over)
	}
	if i := strings.Index(page, "▲ does not fix the overflow: the request stays over by 52,150 tokens"); i < over {
		t.Errorf("the 1-token fix is not under the fixes that leave the request over (at %d, heading at %d)", i, over)
	}
	if !strings.Contains(page, "resolves the overflow; no margin: 1 token under the max input") {
		t.Error("the fix landing at 13,999 of 14,000 is not flagged as leaving no margin")
	}
}

// TestReportEvalLooksAtZeroRecallFirst: the eval page names the queries
// that kept no relevant document and those that retrieved none, and its
// table starts with the zero-recall queries.
func TestReportEvalLooksAtZeroRecallFirst(t *testing.T) {
	page := reportPage(t, "--scenario", "../sample/eval/help_center.yaml")
	for _, want := range []string{
		"6 queries kept none of their relevant documents: q05, q11, q13, q14, q15, q20.",
		"<dt>Look at first</dt>", "2 queries where no document judged relevant was retrieved, a matter for retrieval, not for the context: q17, q22",
		`<details id="queries" open>`, // 29 rows: short enough to show unfolded
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the eval page lacks %q", want)
		}
	}
	first := strings.Index(page, `<td class="src">q05</td>`)
	if q01 := strings.Index(page, `<td class="src">q01</td>`); first < 0 || q01 < first {
		t.Errorf("q05 (recall 0) at %d is not above q01 at %d", first, q01)
	}
}

// TestReportAllocationsOverWindow: an agent request whose preset's
// allocations exceed its small window shows no allocation to compare
// with, and says why.
func TestReportAllocationsOverWindow(t *testing.T) {
	page := reportPage(t, "--request", testcorpus.Path("pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"), "--window", "4150")
	if !strings.Contains(page, "agent_workflow allocates 18,500 input tokens, more than this request&#39;s max input of 54: a budgeted assembly needs a smaller preset or allocations. So the components below are shown without their allocations") {
		t.Error("the page does not say the allocations cannot fit")
	}
	if strings.Contains(page, `data-v="4000">4,000</td>`) || strings.Contains(page, "▲ over by") {
		t.Error("the page still compares a component with an allocation that cannot be met")
	}
}
