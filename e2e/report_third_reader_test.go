//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportThirdReaderInBrowser opens, in Chromium, the pages a third
// newcomer could not act on, and checks what the browser renders: the
// sample's fix that moves the contradiction among the trade-offs, the
// overflow's verdict with the condition for its window fix, the fix
// that changes what is sent and the dominant tool result's opening, the
// eval's measured change and open table, and the trajectory's reserve
// in its verdict. Screenshots are kept in CTXLAB_E2E_SCREENSHOTS when
// set.
func TestReportThirdReaderInBrowser(t *testing.T) {
	browser := chromiumPath(t)
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
		{"sample-trade-off", []string{"--scenario", "sample/support_chat.yaml"}, []string{
			"trades one problem for another: clears 2 warnings, raises 1 (1 about the same rows as one it clears)",
		}},
		{"overflow-verdict", []string{"--scenario", "sample/overflow.yaml"}, []string{
			"If your deployment really has gpt-4o's full 128,000-token window, nothing needs to change",
			"Otherwise, the best fix that changes what is sent",
			"Apply: --drop-item tool_result:2",
			"What makes it so big: tool result 2: get_fulfillment_events",
			"order_id filter not applied by wms-events v2.3 export; returning all 800 events",
		}},
		{"eval-change", []string{"--scenario", "sample/eval/help_center.yaml"}, []string{
			"What to change: Turning lost-in-the-middle off (--lost-in-middle=false) raises context recall as sent from 0.74 to 0.98",
			"recall as sent", "recall in the block", "q29",
		}},
		{"trajectory-reserve", []string{"--trajectory", "loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", "--window", "12000", "--reserve", "1000"}, []string{
			"the first at turn 30, whose 11,171 tokens of input and the reply's 1,000-token reserve come to 12,171",
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
			for _, size := range browserSizes {
				shot := filepath.Join(shots, fmt.Sprintf("report-third-%s-%dx%d.png", c.name, size[0], size[1]))
				chromium(t, browser, page, "--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", size[0], size[1]), "--hide-scrollbars")
				checkScreenshot(t, shot, size)
			}
		})
	}
}
