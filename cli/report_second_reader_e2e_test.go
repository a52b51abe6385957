package cli_test

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"ctxlab/internal/testcorpus"
)

// What a second newcomer could not tell from the reports: which fixes go
// together, how small the input is beside a large reserve, what the
// eval's budget line asks of them, and how to read a trajectory's turns
// and policies.

// TestReportCombinesFixes: the overflow sample's page says which fixes
// are alternatives and measures the one that fits with a fix for the
// documents, giving the flags of both: the fix the verdict recommends
// (fix 2, which changes what is sent), not the window it sets aside.
func TestReportCombinesFixes(t *testing.T) {
	page := reportPage(t, "--scenario", filepath.Join("..", "sample", "overflow.yaml"))
	for _, want := range []string{
		`id="combining"`,
		"Fixes 1, 2, 3 and 4 each make the request fit on their own: they are alternatives, apply one of them.",
		"Fixes 5, 7 and 8 all change --dedup-threshold: they cannot be applied together, pick one.",
		"Apply both: <code>--drop-item tool_result:2 --dedup-threshold 0.72 --budget-before-reorder --budget-mode strict</code>",
		`<p class="best">Together with it (<a href="#combining">measured</a>): <a href="#fix-2">fix 2</a> + <a href="#fix-5">fix 5</a> fits, and clears what fix 2 alone leaves`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the overflow page lacks %q", want)
		}
	}
	// The pair's figures are measured: the request under both fixes'
	// flags is what assemble reports for them.
	m := regexp.MustCompile(`request 66,151 → ([0-9,]+) tokens of 14,000 max input · fits</span><br>Apply both: <code>--drop-item tool_result:2 --dedup-threshold 0.72 `).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page gives no measured request for fix 2 with fix 5")
	}
	out, _, _ := run(t, "", "assemble", "--scenario", filepath.Join("..", "sample", "overflow.yaml"), "--drop-item", "tool_result:2",
		"--dedup-threshold", "0.72", "--budget-before-reorder", "--budget-mode", "strict")
	if !strings.Contains(out, m[1]+" used of 14,000") {
		t.Errorf("the page says %s tokens under both fixes; assemble with both flags says otherwise:\n%.600s", m[1], out)
	}
}

// TestReportReserveBrokenAxis: a 4,096-token reserve beside 71 tokens of
// input breaks the window bar's axis and says so; the allocation notes
// say their figures once.
func TestReportReserveBrokenAxis(t *testing.T) {
	page := reportPage(t, "--request", testcorpus.Path("pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"), "--window", "4150")
	if !strings.Contains(page, `class="axisbreak"`) || !strings.Contains(page, "Broken axis: the 4,096 tokens reserved for the reply are drawn shortened") {
		t.Error("the reserve is not drawn as a shortened, marked segment")
	}
	if strings.Count(page, "18,500") != 1 {
		t.Errorf("the allocations' 18,500 tokens are said %d times, want once", strings.Count(page, "18,500"))
	}
	// The input is drawn at its own scale: its first component (the
	// system prompt, 8 of 71 tokens) is no sliver of the 1,000-unit bar.
	w := regexp.MustCompile(`<svg class="bar"[^>]*aria-label="Window bar[^"]*">.*?<rect class="used" x="0.00" y="0" width="([0-9.]+)"`).FindStringSubmatch(page)
	if w == nil {
		t.Fatal("the window bar has no input segment")
	}
	if width, err := strconv.ParseFloat(w[1], 64); err != nil || width < 50 {
		t.Errorf("the first component is %s units wide of 1,000: a sliver", w[1])
	}
}

// TestReportEvalBudgetPlain: the eval's budget line says what happened
// and what to change, in plain words.
func TestReportEvalBudgetPlain(t *testing.T) {
	page := reportPage(t, "--scenario", filepath.Join("..", "sample", "eval", "help_center.yaml"))
	want := "24 of 29 queries had documents left out or cut to fit the 1,000-token budget for retrieved context. Every query sends more than the budget (1,097 tokens a query on average): the budget counts only the documents&#39; own text, not the citation header put before each one. To keep every query within its budget, add --budget-mode strict"
	if !strings.Contains(page, want) {
		t.Errorf("the budget line is not plain:\n%s", regexp.MustCompile(`Budget</dt><dd>[^<]*`).FindString(page))
	}
}

// TestReportTrajectoryReadable: the trajectory's page is titled by its
// file's name, numbers its turns' messages one way, says costs are
// input only where shown and weighs cost against what is removed.
func TestReportTrajectoryReadable(t *testing.T) {
	path := filepath.Join("..", "loaders", "trajectory", "testdata", "taubench", "airline-task2-62-messages.json")
	page := reportPage(t, "--trajectory", path, "--window", "11000")
	for _, want := range []string{
		"<h1>airline-task2-62-messages.json · an agent&#39;s conversation, 30 turns replayed</h1>",
		`<p class="source">file: <code>`,
		"<td>messages 1–2; the reply is message 3</td>",
		"message 2 · user: Hi,",
		"cost<br>(input only)",
		"Use watermark:0.8/0.6: of the 4 policies that keep every turn within the window it is the cheapest ($181.53 per 1,000 trajectories, input tokens only",
		"clear-tool-results:3 sends the fewest input tokens (126,945, $193.84 per 1,000 trajectories) but removes up to 23 messages (6,098 tokens) from a turn",
		"drop-oldest removes least",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the trajectory page lacks %q", want)
		}
	}
	if strings.Contains(page, "<td>message 3</td>") {
		t.Error("a turn is still labelled by its reply alone")
	}
}

// TestReportPlainWords: the overflow sample's documents and findings are
// said in plain words in the page and the Markdown, the terse reason
// kept as the cell's hover text.
func TestReportPlainWords(t *testing.T) {
	scenario := filepath.Join("..", "sample", "overflow.yaml")
	page := reportPage(t, "--scenario", scenario)
	for _, want := range []string{
		`title="93 tokens &gt; 2 remaining; not even one sentence of it fits as a synopsis">left out: it has 93 tokens and only 2 of the budget were left, too few for even its shortest sentence as a summary</td>`,
		`<strong class="heading">A weaker or older copy is sent instead of the better document.</strong> <code>weaker-copy-sent</code>`,
		"Clears: The request is too big for the window (tool results, response reserve)",
		`(words: <a href="#glossary" class="term" title="score: The retriever&#39;s relevance score`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the overflow page lacks %q", want)
		}
	}
	md, _, _ := run(t, "", "assemble", "--scenario", scenario, "--suggest", "--format", "markdown")
	for _, want := range []string{
		"left out: it has 93 tokens and only 2 of the budget were left",
		"A weaker or older copy is sent instead of the better document. ",
		"**Combining fixes**",
		"- measured together, fix 2 + fix 5: fits, and clears what fix 2 alone leaves: ",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the overflow Markdown lacks %q", want)
		}
	}
}
