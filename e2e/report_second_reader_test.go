//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportSecondReaderInBrowser opens, in Chromium, the pages a second
// newcomer found hard to read, and checks what the browser renders and
// prints: the reserve drawn on a broken axis with its note and the
// allocation note said once, the fixes that combine, the eval's budget
// in plain words, and the trajectory titled by its file's name with its
// turns numbered one way. Screenshots are kept in
// CTXLAB_E2E_SCREENSHOTS when set.
func TestReportSecondReaderInBrowser(t *testing.T) {
	browser := chromiumPath(t)
	pdftotext := popplerPath(t, "pdftotext")
	dir := t.TempDir()
	shots := os.Getenv("CTXLAB_E2E_SCREENSHOTS")
	if shots == "" {
		shots = dir
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		input []string
		want  []string
	}{
		{"agent-reserve", []string{"--request", "internal/testcorpus/pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml", "--window", "4150"}, []string{
			"≈ Broken axis: the 4,096 tokens reserved for the reply are drawn shortened after the break",
			"note: the request sets no max_tokens: 4,096 tokens reserved for the reply",
			"So the components below are shown without their allocations",
			"≈ bar shortened, not to scale",
		}},
		{"overflow-combining", []string{"--scenario", "sample/overflow.yaml"}, []string{
			"Combining fixes",
			"Fixes 1, 2, 3 and 4 each make the request fit on their own: they are alternatives, apply one of them.",
			"Apply both: --drop-item tool_result:2 --dedup-threshold 0.72 --budget-before-reorder --budget-mode strict",
			"left out: it has 93 tokens and only 2 of the budget were left",
		}},
		{"eval-budget", []string{"--scenario", "sample/eval/help_center.yaml"}, []string{
			"Every query sends more than the budget (1,097 tokens a query on average)",
			"add --budget-mode strict",
		}},
		{"trajectory-readable", []string{"--trajectory", "loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", "--window", "11000"}, []string{
			"airline-task2-62-messages.json · an agent's conversation, 30 turns replayed",
			"file: loaders/trajectory/testdata/taubench/airline-task2-62-messages.json",
			"What to change: Use watermark:0.8/0.6: of the 4 policies that keep every turn within the window it is the cheapest",
			"messages 1–2; the reply is message 3",
			"per 1,000 trajectories (input only)",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			page := filepath.Join(dir, c.name+".html")
			if _, stderr, code := run(t, "", append([]string{"report", "--out", page}, c.input...)...); code != 0 {
				t.Fatalf("report: exit %d: %s", code, stderr)
			}
			dom, requests := chromium(t, browser, page, "--dump-dom")
			if len(requests) > 0 {
				t.Errorf("the page asked the network for %v", requests)
			}
			text := renderedText(dom)
			for _, want := range c.want {
				if !strings.Contains(text, want) {
					t.Errorf("the rendered page does not say %q", want)
				}
			}
			// Printed, each note is whole and said once.
			pdf := filepath.Join(dir, c.name+".pdf")
			chromium(t, browser, page, "--no-pdf-header-footer", "--print-to-pdf="+pdf)
			raw, err := exec.Command(pdftotext, pdf, "-").Output()
			if err != nil {
				t.Fatalf("pdftotext: %v", err)
			}
			printed := strings.Join(strings.Fields(string(raw)), " ")
			for _, want := range c.want {
				if !strings.Contains(printed, strings.Join(strings.Fields(want), " ")) {
					t.Errorf("the printed page does not say %q", want)
				}
			}
			if n := strings.Count(printed, "18,500"); c.name == "agent-reserve" && n != 1 {
				t.Errorf("the printed page says the allocations' 18,500 tokens %d times, want once", n)
			}
			for _, size := range browserSizes {
				shot := filepath.Join(shots, fmt.Sprintf("report-second-%s-%dx%d.png", c.name, size[0], size[1]))
				chromium(t, browser, page, "--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", size[0], size[1]), "--hide-scrollbars")
				checkScreenshot(t, shot, size)
			}
		})
	}
}
