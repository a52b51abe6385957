package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What a third newcomer could not tell from the reports: that a fix
// which sends the worst finding's two documents as a contradiction does
// not settle it.

// TestReportSampleFixThatMovesTheProblemIsATradeOff: the sample's fix 2
// clears the weaker copy but sends the same two documents as a
// contradiction (30 days → 60 days); it is listed among the trade-offs,
// not the fixes that settle it.
func TestReportSampleFixThatMovesTheProblemIsATradeOff(t *testing.T) {
	page := reportPage(t, "--scenario", filepath.Join("..", "sample", "support_chat.yaml"))
	trades := strings.Index(page, "Trade-offs and minor fixes")
	fix2 := strings.Index(page, `id="fix-2"`)
	if trades < 0 || fix2 < 0 || fix2 < trades {
		t.Errorf("fix 2 (at %d) is not under the trade-offs (at %d)", fix2, trades)
	}
	if !strings.Contains(page, "about the same rows as one it clears") {
		t.Error("the page does not say fix 2 raises a finding about the rows it clears")
	}
}

// TestReportTrajectoryVerdictSaysTheReserve: when turns overflow, the
// verdict line itself says the first such turn's input and the reply's
// reserve that together pass the window, not only its hover text.
func TestReportTrajectoryVerdictSaysTheReserve(t *testing.T) {
	conv := filepath.Join("..", "loaders", "trajectory", "testdata", "taubench", "airline-task2-62-messages.json")
	out := filepath.Join(t.TempDir(), "t.html")
	_, stderr, code := run(t, "", "report", "--trajectory", conv, "--window", "12000", "--reserve", "1000", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := "the first at turn 30, whose 11,171 tokens of input and the reply&#39;s 1,000-token reserve come to 12,171"
	if !strings.Contains(string(data), want) {
		t.Errorf("the trajectory's verdict lacks %q", want)
	}
}

// TestReportOverflowVerdictSaysWhyAndWhatToSend: the overflow sample's
// verdict does not crown the window measured as gpt-4o's own, which
// sends the same request: it says nothing needs to change if the
// deployment has that window, and otherwise names the best fix that
// changes what is sent; and it quotes the opening of the tool result
// that dominates, escaped, where the cause is.
func TestReportOverflowVerdictSaysWhyAndWhatToSend(t *testing.T) {
	page := reportPage(t, "--scenario", filepath.Join("..", "sample", "overflow.yaml"))
	verdict, _, _ := strings.Cut(page[strings.Index(page, `id="verdict"`):], "</section>")
	for _, want := range []string{
		"If your deployment really has gpt-4o&#39;s full 128,000-token window, nothing needs to change",
		`Otherwise, the best fix that changes what is sent (<a href="#fix-2">fix 2</a>`,
		"<code>--drop-item tool_result:2</code>",
		"What makes it so big:",
		"tool result 2: get_fulfillment_events",
		"order_id filter not applied by wms-events v2.3 export; returning all 800 events",
	} {
		if !strings.Contains(verdict, want) {
			t.Errorf("the verdict lacks %q:\n%s", want, verdict)
		}
	}
	if strings.Contains(verdict, "Best fix") {
		t.Error("the verdict still names the window measured as the model's own the best fix")
	}
}

// TestReportEvalSaysWhatToChangeMeasured: the bundled eval's report
// runs the set again under the settings a reader can turn and names the
// one that raises recall most, with its flag and the recall measured
// (lost-in-the-middle off: 0.74 → 0.98); its 29-query table is open and
// its two recall columns say which recall each is.
func TestReportEvalSaysWhatToChangeMeasured(t *testing.T) {
	page := reportPage(t, "--scenario", filepath.Join("..", "sample", "eval", "help_center.yaml"))
	verdict, _, _ := strings.Cut(page[strings.Index(page, `id="verdict"`):], "</section>")
	for _, want := range []string{
		"What to change:</strong> Turning lost-in-the-middle off (--lost-in-middle=false) raises context recall as sent from 0.74 to 0.98, measured over the same 27 queries.",
		"doubling the retrieved-context budget (--rag-budget 2000) 0.98",
		"(--dedup-threshold 0.80) 0.74",
	} {
		if !strings.Contains(verdict, want) {
			t.Errorf("the verdict lacks %q:\n%s", want, verdict)
		}
	}
	for _, want := range []string{`<details id="queries" open>`, `<th scope="col" class="num">recall as sent</th>`, `<th scope="col" class="num">recall in the block</th>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Count(page, "What to change:") != 1 {
		t.Errorf("what to change is said %d times, want once", strings.Count(page, "What to change:"))
	}

	md, stderr, code := run(t, "", "eval", "--scenario", filepath.Join("..", "sample", "eval", "help_center.yaml"), "--format", "markdown")
	if code != 0 {
		t.Fatalf("eval --format markdown: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"**What to change:** Turning lost-in-the-middle off (--lost-in-middle=false) raises context recall as sent from 0.74 to 0.98",
		"<details open><summary>Queries (29)</summary>", "| query | recall as sent | recall in the block |"} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown lacks %q", want)
		}
	}
}
