package cli_test

import (
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
